/**
 * A fixed-window counter per client (the caller's session when signed in, else its address), held in this process.
 * Telemetry and error reports are cheap, anonymous and lossy by nature: a per-replica limit is enough to stop one
 * client flooding the queue, and costs no round trip on the hot path (N replicas allow N times the limit).
 */
export class ClientRateLimiter {
  private windowStartedAt = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly maxPerWindow: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `client`; `allowed: false` (with the seconds until the window ends) beyond the limit. */
  take(client: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    if (now - this.windowStartedAt >= this.windowMs) {
      // One window for every client: the map is dropped whole, so it never outgrows one window's clients.
      this.windowStartedAt = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, count);
    if (count <= this.maxPerWindow) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((this.windowStartedAt + this.windowMs - now) / 1000)),
    };
  }
}

/** Which client a request counts against. */
export const clientKeyOf = (user: { sessionId: string } | undefined, address: string) =>
  user ? `session:${user.sessionId}` : `address:${address}`;

/** Positive integer from the environment, else the default (read when the module starts). */
export function limitFromEnvironment(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
