import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type ToastInput, useToast } from './toast';

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
