// The shell owns the account modals (Convert Currency, Master Key, Gold Shop, Achievements, Referral Program); a remote
// asks for one here instead of copying it. This module is part of the shared platform singleton, so the shell's
// listener hears every remote. Without a listener (a remote running standalone) nothing can open, and
// `canOpenAccountDialogs` says so, so a screen can hide the buttons rather than show dead ones.
export type AccountDialogName = 'convert' | 'master-key' | 'gold-shop' | 'achievements' | 'referral-program';

type Listener = (dialog: AccountDialogName) => void;
const listeners = new Set<Listener>();

/** The shell registers the one place that opens account modals; the returned function unregisters it. */
export function onAccountDialogRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canOpenAccountDialogs(): boolean {
  return listeners.size > 0;
}

/** Opens one of the shell's account modals; false when no shell is listening. */
export function openAccountDialog(dialog: AccountDialogName): boolean {
  listeners.forEach((listener) => listener(dialog));
  return listeners.size > 0;
}
