import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdempotentRequest } from './unit-of-work';

/** What one `@Idempotent` request carries through its handler: its key, and whether the answer was a replay. */
export interface IdempotencyContext {
  request: IdempotentRequest;
  replayed: boolean;
}

const requestContext = new AsyncLocalStorage<IdempotencyContext>();

/** The idempotent request of the route being handled, or undefined outside an `@Idempotent` route (a job, a reactor). */
export function currentIdempotentRequest(): IdempotentRequest | undefined {
  return requestContext.getStore()?.request;
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
