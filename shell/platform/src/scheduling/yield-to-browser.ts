interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so that work the browser would otherwise run as one long task (a
 * chunk's arrival resolving a chain of awaits, a page's queries starting together) lets input and paint in between
 * (issue 45: a phone's blocking time counts every task beyond 50 ms). `scheduler.yield()` resumes ahead of other
 * queued tasks; where it is missing, a message to a channel resumes in the next task without a timer's clamping. Where
 * neither exists (a test's DOM), it resumes after the current microtasks.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      channel.port2.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
