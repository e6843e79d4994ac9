import type { TransactionPosted } from '../domain/events';

interface ReferralEdge {
  referrerUserId: string;
  transactionId: string;
}

/**
 * Part of `ledger verify`'s issuance check: referral bonuses must not go round a circle. Each `REFERRAL_BONUS`
 * transaction names its pair in `references` (`referredUserId` was referred by `referrerUserId`); A referred by B
 * while B was referred by A (or A by C, C by B, B by A) means the pair was paid for referring each other, which the
 * rewards context refuses (`REFERRAL_LOOP`). A reversed bonus no longer counts.
 *
 * Every referred user has at most one referrer that counts (the first), so the pairs form a graph in which each
 * node has at most one outgoing edge; walking it from every node finds each cycle once.
 */
export class ReferralCycles {
  private readonly referrerOf = new Map<string, ReferralEdge>();
  private readonly referredByTransaction = new Map<string, string>();

  /** Feeds one posted transaction (any reason; only copy 0 counts, so a pair's two copies count once). */
  add(transaction: TransactionPosted): void {
    if (transaction.copyIndex !== 0) return;
    if (transaction.reversesTransactionId) {
      const referred = this.referredByTransaction.get(transaction.reversesTransactionId);
      if (referred !== undefined && this.referrerOf.get(referred)?.transactionId === transaction.reversesTransactionId)
        this.referrerOf.delete(referred);
      return;
    }
    if (transaction.reasonCode !== 'REFERRAL_BONUS') return;
    const referredUserId = transaction.references?.referredUserId;
    const referrerUserId = transaction.references?.referrerUserId;
    if (!referredUserId || !referrerUserId) return;
    this.referredByTransaction.set(transaction.transactionId, referredUserId);
    if (!this.referrerOf.has(referredUserId))
      this.referrerOf.set(referredUserId, { referrerUserId, transactionId: transaction.transactionId });
  }

  /** One sentence per cycle: who referred whom, and the transactions that paid for it. */
  findings(): string[] {
    const findings: string[] = [];
    const done = new Set<string>();
    for (const start of this.referrerOf.keys()) {
      if (done.has(start)) continue;
      const path: string[] = [];
      const onPath = new Map<string, number>();
      let current: string | undefined = start;
      while (current !== undefined && !done.has(current) && !onPath.has(current)) {
        onPath.set(current, path.length);
        path.push(current);
        current = this.referrerOf.get(current)?.referrerUserId;
      }
      if (current !== undefined && onPath.has(current)) findings.push(this.describe(path.slice(onPath.get(current))));
      for (const user of path) done.add(user);
    }
    return findings;
  }

  private describe(cycle: string[]): string {
    const chain = [...cycle, cycle[0]].join(' → ');
    const transactions = cycle.map((user) => this.referrerOf.get(user)!.transactionId).join(', ');
    return (
      `Referral bonuses go round a circle of ${cycle.length} users (each referred by the next: ${chain}); ` +
      `paid in transaction(s) ${transactions}`
    );
  }
}
