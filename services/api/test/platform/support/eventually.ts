/**
 * Retries an assertion until it passes. Readers of the log stop below the oldest transaction still running anywhere
 * on the PostgreSQL server (xmin is cluster-wide), so while other test files hold transactions open, a catch-up can
 * legitimately end short of the last append; it gets there on a later call.
 */
export async function eventually<T>(assertion: () => Promise<T> | T, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
