import { recoveryOf, type Answer } from './ledger-chaos-recovery';

/** Commands scheduled every `1000 / rate` ms from `from` to `to`, each answered `latency(at)` ms after its schedule. */
function answers(from: number, to: number, rate: number, latency: (scheduledAt: number) => number): Answer[] {
  const result: Answer[] = [];
  for (let scheduledAt = from; scheduledAt < to; scheduledAt += 1000 / rate) {
    result.push({ scheduledAt, answeredAt: scheduledAt + latency(scheduledAt) });
  }
  return result;
}

describe('chaos recovery', () => {
  it('says nothing fell behind when every second was answered at the offered rate with a short tail', () => {
    const recovery = recoveryOf(
      answers(0, 20_000, 100, () => 5),
      { faultAt: 10_000, ratePerSecond: 100, scheduleEnd: 20_000, end: 20_005 },
    );
    expect(recovery).toEqual({ longestSilenceMs: 10, rateBackMs: 0, latencyBackMs: 0, p99BeforeMs: 5, p99LastMs: 5 });
  });

  it('measures an outage: the silence, the offered rate answered again, the tail short again', () => {
    // Nothing is answered from 10 s to 13 s; what was scheduled meanwhile is answered at 13 s.
    const recovery = recoveryOf(
      answers(0, 30_000, 100, (at) => (at >= 10_000 && at < 13_000 ? 13_000 - at : 5)),
      { faultAt: 10_000, ratePerSecond: 100, scheduleEnd: 30_000, end: 30_005 },
    );
    expect(recovery.longestSilenceMs).toBeCloseTo(3_000, -1);
    // The windows slide 100 ms at a time: the first whole second answering 99/s again (the backlog, at 13.0 s) ends at
    // 13.1 s, 3.1 s after the fault.
    expect(recovery.rateBackMs).toBe(3_100);
    // Commands scheduled in the third second after the fault still waited for the outage.
    expect(recovery.latencyBackMs).toBe(3_000);
    expect(recovery.p99LastMs).toBe(5);
  });

  it('says the rate did not come back within the run when it never did', () => {
    const run = { faultAt: 10_000, ratePerSecond: 100, scheduleEnd: 20_000, end: 20_000 };
    const recovery = recoveryOf(
      answers(0, 10_000, 100, () => 5),
      run,
    );
    expect(recovery.rateBackMs).toBeUndefined();
    expect(recovery.longestSilenceMs).toBe(10_000);
  });
});
