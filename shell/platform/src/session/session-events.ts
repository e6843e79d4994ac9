// A 401 seen by any request (host or remote) asks the session to check itself again. This module is
// part of the shared platform singleton, so every remote reaches the same listeners.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUnauthorized(): void {
  listeners.forEach((listener) => listener());
}
