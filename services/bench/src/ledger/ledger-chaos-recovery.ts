/** One acknowledged command of a chaos run: when the schedule sent it and when its 200 came (performance.now()). */
export interface Answer {
  scheduledAt: number;
  answeredAt: number;
}

/** How the service came back after the fault, from the answers' times. */
export interface Recovery {
  /** The longest stretch after the fault in which no command was answered, ms. */
  longestSilenceMs: number;
  /**
   * From the fault until a whole second answered at least 99 % of the offered rate again, after the first second that
   * answered fewer (0: the answers never fell behind), ms; undefined if not within the run.
   */
  rateBackMs: number | undefined;
  /**
   * From the fault until the commands scheduled from then on were answered with p99 < 50 ms (each second of the
   * schedule on its own), ms; 0 if they always were, undefined if not by the end of the run.
   */
  latencyBackMs: number | undefined;
  /** p99 of the commands scheduled in the 5 s before the fault, and in the last 5 s of the run, ms. */
  p99BeforeMs: number;
  p99LastMs: number;
}

const WINDOW_MS = 1_000;
const STEP_MS = 100;
const LATENCY_GOAL_MS = 50;

function p99(latencies: number[]): number {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!;
}

/** `scheduleEnd`: when the schedule stopped sending; `end`: when the last command was settled. */
export function recoveryOf(
  answers: readonly Answer[],
  run: { faultAt: number; ratePerSecond: number; scheduleEnd: number; end: number },
): Recovery {
  const answeredAt = answers.map((answer) => answer.answeredAt).sort((left, right) => left - right);
  const after = answeredAt.filter((at) => at >= run.faultAt);
  let longestSilenceMs = 0;
  for (let index = 0, previous = run.faultAt; index <= after.length; index += 1) {
    const next = after[index] ?? run.end;
    longestSilenceMs = Math.max(longestSilenceMs, next - previous);
    previous = next;
  }
  const latencyOf = (from: number, to: number) =>
    answers
      .filter(({ scheduledAt }) => scheduledAt >= from && scheduledAt < to)
      .map(({ scheduledAt, answeredAt }) => answeredAt - scheduledAt);
  return {
    longestSilenceMs,
    rateBackMs: rateBack(after, run),
    latencyBackMs: latencyBack(latencyOf, { faultAt: run.faultAt, end: run.scheduleEnd }),
    p99BeforeMs: p99(latencyOf(run.faultAt - 5_000, run.faultAt)),
    p99LastMs: p99(latencyOf(run.scheduleEnd - 5_000, run.scheduleEnd)),
  };
}

/** Sliding one-second windows from the fault, a step at a time: the first full one after the first short one. */
function rateBack(after: number[], run: { faultAt: number; ratePerSecond: number; end: number }): number | undefined {
  const full = 0.99 * run.ratePerSecond * (WINDOW_MS / 1000);
  let dipped = false;
  let first = 0;
  let last = 0;
  for (let start = run.faultAt; start + WINDOW_MS <= run.end; start += STEP_MS) {
    while (first < after.length && after[first]! < start) first += 1;
    while (last < after.length && after[last]! < start + WINDOW_MS) last += 1;
    const answered = last - first;
    if (answered < full) dipped = true;
    else if (dipped) return start + WINDOW_MS - run.faultAt;
  }
  return dipped ? undefined : 0;
}

/** Each second of the schedule after the fault on its own: the end of the last one whose p99 missed the goal. */
function latencyBack(
  latencyOf: (from: number, to: number) => number[],
  run: { faultAt: number; end: number },
): number | undefined {
  let lastMissEnd: number | undefined;
  let lastSecond = run.faultAt;
  for (let start = run.faultAt; start + WINDOW_MS <= run.end; start += WINDOW_MS) {
    lastSecond = start;
    if (p99(latencyOf(start, start + WINDOW_MS)) >= LATENCY_GOAL_MS) lastMissEnd = start + WINDOW_MS;
  }
  if (lastMissEnd === undefined) return 0;
  return lastMissEnd > lastSecond ? undefined : lastMissEnd - run.faultAt;
}
