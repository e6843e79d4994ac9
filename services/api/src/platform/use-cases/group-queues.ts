/**
 * Per key (e.g. one content item), the requests that arrived while the key's previous group was committing: each
 * drain takes all of them (up to `maxPerGroup`) into one `commit` (one unit of work, `UseCaseRunner.runGroup`). A key
 * nobody asks for has no queue. `commit` answers each member itself; if it throws, every member of that group is
 * rejected with the error.
 */
export class GroupQueues<Member extends { reject(error: unknown): void }> {
  private readonly queues = new Map<string, Member[]>();

  constructor(
    private readonly commit: (key: string, group: Member[]) => Promise<void>,
    private readonly maxPerGroup = 200,
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
      const queue = this.queues.get(key)!;
      if (queue.length === 0) {
        this.queues.delete(key);
        return;
      }
      const group = queue.splice(0, this.maxPerGroup);
      try {
        await this.commit(key, group);
      } catch (error) {
        group.forEach((member) => member.reject(error));
      }
    }
  }
}
