/**
 * The pause of a runner's loop between batches. A poke (new events were committed) ends it early, but never before
 * `notBefore`: under a steady stream of commits a runner then starts at most one batch per minimum interval, and
 * its batches grow instead of multiplying (each batch is a transaction, a checkpoint update and a lease check, so
 * hundreds of tiny ones a second cost the database more than the events in them). `stop` ends it at once.
 */
export class BatchPause {
  private end: ((immediately: boolean) => void) | undefined;

  wait(milliseconds: number, notBefore = 0): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer = setTimeout(finish, milliseconds);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.end = (immediately) => {
        const remaining = notBefore - Date.now();
        if (immediately || remaining <= 0) return finish();
        clearTimeout(timer);
        timer = setTimeout(finish, remaining);
      };
    }).then(() => {
      this.end = undefined;
    });
  }

  /** New events: end the pause as soon as the minimum interval allows. */
  poke(): void {
    this.end?.(false);
  }

  /** Shutting down: end the pause now. */
  stop(): void {
    this.end?.(true);
  }
}
