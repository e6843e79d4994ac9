import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdempotentRequest } from './unit-of-work';

/** What one `@Idempotent` request carries through its handler: its key, and whether the answer was a replay. */
export interface IdempotencyContext {
  request: IdempotentRequest;
  replayed: boolean;
  /** Set once a use case took the request: a nested use case (one command running another) must not reuse the key. */
  taken?: boolean;
}

const requestContext = new AsyncLocalStorage<IdempotencyContext>();

/**
 * The idempotent request of the route being handled, for the one use case that answers it; undefined outside an
 * `@Idempotent` route (a job, a reactor) and for any later use case in the same request.
 */
export function takeIdempotentRequest(): IdempotentRequest | undefined {
  const context = requestContext.getStore();
  if (!context || context.taken) return undefined;
  context.taken = true;
  return context.request;
}

/** Called by `IdempotencyService` when it answers with a stored response. */
export function markIdempotentReplay(): void {
  const context = requestContext.getStore();
  if (context) context.replayed = true;
}

/** Runs `work` with `context` as the current idempotent request (the interceptor's job). */
export function runWithIdempotency<T>(context: IdempotencyContext, work: () => T): T {
  return requestContext.run(context, work);
}
