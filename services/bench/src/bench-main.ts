import { createTestDatabase } from '@app/event-store/src/testing';

/**
 * Runs `work` on a fresh database named after `name` on `server` (default BENCH_DATABASE_URL, then TEST_DATABASE_URL,
 * then the local server) and drops it afterwards, whatever happens: every benchmark starts from nothing.
 */
export async function withBenchDatabase<T>(
  name: string,
  work: (databaseUrl: string) => Promise<T>,
  server?: string,
): Promise<T> {
  const serverUrl = server ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase(name);
  let result: T;
  try {
    result = await work(database.url);
  } catch (error) {
    // The work's error says what went wrong; a drop that fails after it (say, its server died) must not replace it.
    await database.drop().catch((dropError: unknown) => console.error(`dropping ${name} failed too:`, dropError));
    throw error;
  }
  await database.drop();
  return result;
}

/** A benchmark's entry point when run as a script: exits 0 when `main` finishes, 1 with the error when it throws. */
export function runWhenScript(module: NodeModule, main: () => Promise<void>): void {
  if (require.main !== module) return;
  main()
    .then(() => process.exit(process.exitCode ?? 0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
