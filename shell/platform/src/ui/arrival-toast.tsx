import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type ToastInput, useToast } from './toast';

/**
 * A toast that must outlive a navigation: the sign-in screens are outside the signed-in frame's toast provider, so
 * they hand their toast (a sign-up's referral points) to the next page in the navigation state, and the frame shows
 * it once. `navigate(to, { state: arrivalState(toast) })`.
 */
export const arrivalState = (toast: ToastInput) => ({ arrivalToast: toast });

function arrivalToastOf(state: unknown): ToastInput | null {
  const toast = (state as { arrivalToast?: unknown } | null)?.arrivalToast as ToastInput | undefined;
  return toast && typeof toast.title === 'string' ? toast : null;
}

/** Rendered once inside the signed-in frame: shows the toast the navigation brought, then drops it from history. */
export function ArrivalToast() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const shown = useRef<string | null>(null);
  const arriving = arrivalToastOf(location.state);

  useEffect(() => {
    if (!arriving || shown.current === location.key) return;
    shown.current = location.key;
    toast.show(arriving);
    // Reloading the page must not show it again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [arriving, location, navigate, toast]);
  return null;
}
