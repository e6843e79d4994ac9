import { useCallback, useRef } from 'react';

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * One Idempotency-Key per intended money movement: a retry of the same request (a double click, a network blip)
 * reuses the key, so the server moves the money once; `renew` after success or when the request changes.
 */
export function useIdempotencyKey(): { key(): string; renew(): void } {
  const current = useRef<string | null>(null);
  const key = useCallback(() => {
    current.current ??= newKey();
    return current.current;
  }, []);
  const renew = useCallback(() => {
    current.current = null;
  }, []);
  return { key, renew };
}
