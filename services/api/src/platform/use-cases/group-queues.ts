/**
 * Per key (e.g. one content item), the requests that arrived while the key's previous group was committing: each
 * drain takes all of them (up to `maxPerGroup`) into one `commit` (one unit of work, `UseCaseRunner.runGroup`). A key
 * nobody asks for has no queue. `commit` answers each member itself; if it throws, every member of that group is
 * rejected with the error.
 *
 * With `tickMs`, a key's groups start at most once per tick: at a moderate rate the requests of a tick share one unit
 * of work (one transaction, its round trips and its commit) instead of a group of one or two each; at saturation a
 * group takes longer than a tick and the next starts at once. Only a group of two or more starts a tick: a lone
 * request had nobody to share its commit with, so whoever comes next has nobody to wait for either (one caller's
 * requests one after the other are never delayed). A request waits at most one tick more.
 */
export class GroupQueues<Member extends { reject(error: unknown): void }> {
  private readonly queues = new Map<string, Member[]>();
  /** When each key's last group of two or more started (`performance.now()`), while that is less than a tick ago. */
  private readonly lastGroupAt = new Map<string, number>();

  constructor(
    private readonly commit: (key: string, group: Member[]) => Promise<void>,
    private readonly maxPerGroup = 200,
    private readonly tickMs = 0,
  ) {}

  add(key: string, member: Member): void {
    const queue = this.queues.get(key);
    if (queue) return void queue.push(member);
    this.queues.set(key, [member]);
    void this.drain(key);
  }

  private async drain(key: string): Promise<void> {
    // Let the requests of this tick (a burst parsed together) join the first group.
    await Promise.resolve();
    for (;;) {
      if (this.queues.get(key)!.length === 0) {
        this.queues.delete(key);
        this.forgetPastTicks();
        return;
      }
      // Members that arrive while this waits for the tick join the queue, and so this group.
      const wait = (this.lastGroupAt.get(key) ?? Number.NEGATIVE_INFINITY) + this.tickMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const group = this.queues.get(key)!.splice(0, this.maxPerGroup);
      if (group.length > 1) this.lastGroupAt.set(key, performance.now());
      try {
        await this.commit(key, group);
      } catch (error) {
        group.forEach((member) => member.reject(error));
      }
    }
  }

  /** Keys whose last group started a tick ago or more need no entry (keeps the map to the keys in use). */
  private forgetPastTicks(): void {
    if (this.lastGroupAt.size < 1_000) return;
    const now = performance.now();
    for (const [key, at] of this.lastGroupAt) if (now - at >= this.tickMs) this.lastGroupAt.delete(key);
  }
}
