import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { exampleProjection, silentLogger } from './support/example-projection';
import { eventually } from './support/eventually';
import {
  appendExampleEvents,
  expectedExampleTotals,
  openTestStore,
  readExampleTotals,
  type TestStore,
} from './support/test-store';

const API_ROOT = join(__dirname, '..', '..');
const TOTAL_EVENTS = 6_000;

function startRunnerProcess(databaseUrl: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', join(__dirname, 'fixtures', 'projection-process.ts')],
    {
      cwd: API_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BATCH_SIZE: '50',
        DELAY_MS_PER_BATCH: '15',
        LEASE_DURATION_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a projection runner process killed mid catch-up', () => {
  let store: TestStore;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    store = await openTestStore('api_projection_crash');
    await appendExampleEvents(store.eventStore, TOTAL_EVENTS, { perAppend: 500 });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await store?.close();
  });

  const checkpointPosition = async () =>
    BigInt(
      (
        await store.database.pool.query(
          `select coalesce((select position from projection_checkpoints where name = 'example_totals'), 0)::text as position`,
        )
      ).rows[0].position,
    );

  // Proves that rows and checkpoint commit together: after a SIGKILL at an arbitrary point of a long catch-up and a
  // restart, the table equals a fresh rebuild of the log (nothing lost, nothing applied twice).
  it('resumes after SIGKILL and ends equal to a fresh rebuild', async () => {
    // A fresh database: the events hold positions 1..TOTAL_EVENTS.
    const lastPosition = BigInt(TOTAL_EVENTS);
    const first = startRunnerProcess(store.testDatabase.url);
    children.push(first);
    await waitFor(async () => (await checkpointPosition()) > lastPosition / 5n, 60_000);
    first.kill('SIGKILL');
    await exited(first);
    const positionAtKill = await checkpointPosition();
    expect(positionAtKill).toBeGreaterThan(0n);
    expect(positionAtKill).toBeLessThan(lastPosition);
    // The dead process's rows are exactly what its checkpoint says: a partial, consistent fold.
    const partial = await readExampleTotals(store.database);
    const partialCount = Object.values(partial).reduce((sum, row) => sum + Number(row.event_count), 0);
    expect(partialCount).toBe(Number(positionAtKill));

    // The restarted process waits out the dead one's lease, then finishes the catch-up.
    const second = startRunnerProcess(store.testDatabase.url);
    children.push(second);
    await waitFor(async () => (await checkpointPosition()) === lastPosition, 90_000);
    second.kill('SIGTERM');
    await exited(second);

    const afterRestart = await readExampleTotals(store.database);
    expect(afterRestart).toEqual(expectedExampleTotals(TOTAL_EVENTS));

    // And a fresh rebuild from position zero produces the very same rows.
    const rebuilder = new ProjectionRunner(exampleProjection(), store.eventStore, store.database.pool, {
      ownerId: 'rebuilder',
      pollIntervalMs: 20,
      leaseDurationMs: 1_000,
      batchSize: 1_000,
      logger: silentLogger,
    });
    await rebuilder.initialize();
    await rebuilder.rebuild();
    // The rebuild stops at the log's safe end, which another database's open transaction may hold back; the live
    // runner would fold the rest, as catchUp does here.
    await eventually(async () => {
      await rebuilder.catchUp();
      expect(await readExampleTotals(store.database)).toEqual(afterRestart);
    });
  }, 180_000);
});
