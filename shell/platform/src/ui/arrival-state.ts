import type { ToastInput } from './toast';

/**
 * The navigation state that hands a toast to the next page (`navigate(to, { state: arrivalState(toast) })`): the
 * sign-in screens are outside the signed-in frame's toasts, and its ArrivalToast shows it once. Kept apart from the
 * toast's component so the sign-in page can hand one over without loading the signed-in frame's modules.
 */
export const arrivalState = (toast: ToastInput) => ({ arrivalToast: toast });
