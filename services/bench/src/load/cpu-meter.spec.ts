import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from '@app/event-store/src/testing';
import { CpuMeter, machineBusyMs, machineStealMs, ownCpuMs, postgresCpuMs, processCpuMs } from './cpu-meter';

/**
 * Burns `ms` of this process's CPU time (not wall time: on a machine busy with other work a wall-time spin gets less
 * CPU than it lasts, and the meter rightly counts less).
 */
function spin(ms: number): void {
  const start = process.cpuUsage();
  const used = () => {
    const delta = process.cpuUsage(start);
    return (delta.user + delta.system) / 1000;
  };
  while (used() < ms) Math.sqrt(Math.random());
}

describe('CpuMeter (Linux /proc)', () => {
  it('charges a busy loop to this process, as the machine and as a pid, within a tick', () => {
    const meter = new CpuMeter({ machine: machineBusyMs, own: ownCpuMs, pid: processCpuMs(process.pid) });
    spin(300);
    const perCommand = meter.perCommand(1);
    // /proc counts in 10 ms ticks; 300 ms of CPU shows as at least 250 ms everywhere, whatever else runs.
    expect(perCommand.own).toBeGreaterThanOrEqual(250);
    expect(perCommand.pid).toBeGreaterThanOrEqual(250);
    expect(perCommand.machine).toBeGreaterThanOrEqual(250);
  });

  it("reads the host's steal as a part of the machine's busy time", () => {
    const busy = machineBusyMs()!;
    const steal = machineStealMs()!;
    expect(Number.isInteger(steal)).toBe(true);
    expect(steal).toBeGreaterThanOrEqual(0);
    expect(steal).toBeLessThanOrEqual(busy);
  });

  it('divides by the number of commands, and says undefined for a process that does not exist', () => {
    const meter = new CpuMeter({ own: ownCpuMs, gone: processCpuMs(2 ** 22 + 1) });
    spin(100);
    const perCommand = meter.perCommand(10);
    expect(perCommand.own).toBeGreaterThanOrEqual(8);
    expect(perCommand.own).toBeLessThan(100);
    expect(perCommand.gone).toBeUndefined();
  });

  it("counts the local PostgreSQL's work, backends that exit included", async () => {
    const meter = new CpuMeter({ postgres: postgresCpuMs });
    // Work done on a connection that is then closed: its backend exits before the meter reads.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL });
    await client.connect();
    await client.query('SELECT count(*) FROM generate_series(1, 3000000)');
    await client.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(meter.perCommand(1).postgres).toBeGreaterThanOrEqual(50);
  });
});
