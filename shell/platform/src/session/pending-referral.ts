// A referral link's code (`/auth?ref=CODE`), kept for this browser tab until it is applied: it survives the Google
// round trip (the API keeps its own copy through the provider) and a sign-up that could not apply it, so the
// Referral Program dialog can offer it again. Sign-out clears session storage, and with it the code.
const KEY = 'pendingReferralCode';

/** Codes are upper case, without spaces, at most 6 letters and digits (spec 2 §5). */
export function normaliseReferralCode(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
}

export function rememberReferralCode(code: string): void {
  const normalised = normaliseReferralCode(code);
  try {
    if (normalised) window.sessionStorage.setItem(KEY, normalised);
  } catch {
    // Storage can be unavailable (private modes); the code then lives only as long as the page.
  }
}

export function pendingReferralCode(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
