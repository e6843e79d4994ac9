import type { AppendToStream, EventStore, TransactionHandle, TransactionOptions } from '@app/event-store';
import type { MetricsService } from './metrics.service';

const TIMED: Partial<Record<keyof EventStore, string>> = {
  append: 'append',
  readStream: 'read_stream',
  readStreams: 'read_streams',
  readAll: 'read_all',
  headCheckpoint: 'head',
};

const ISSUANCE_ACCOUNT = 'system:issuance';

interface PostedTransaction {
  reasonCode: string;
  copyIndex: number;
  postings: Array<{ debitAccount: string; currency: string; amountMinor: bigint | string | number }>;
}

/** The ledger facts in an append: one entry per transaction (its copy 0, which every posted transaction has). */
function postedTransactions(streams: AppendToStream[]): PostedTransaction[] {
  const found: PostedTransaction[] = [];
  for (const stream of streams) {
    for (const event of stream.events) {
      if (event.type !== 'LedgerTransactionPosted') continue;
      const data = event.data as PostedTransaction;
      if (data.copyIndex === 0) found.push(data);
    }
  }
  return found;
}

/**
 * The event store with its calls timed and its committed ledger transactions counted. An append inside a caller's
 * transaction counts only once `withTransaction` commits; one that rolls back never counts.
 */
export function instrumentEventStore(store: EventStore, metrics: MetricsService): EventStore {
  const pending = new WeakMap<TransactionHandle, PostedTransaction[]>();
  const count = (transactions: PostedTransaction[]) => {
    for (const transaction of transactions) {
      metrics.ledgerCommands.inc({ reason: transaction.reasonCode });
      metrics.ledgerPostings.inc({ reason: transaction.reasonCode }, transaction.postings.length);
      for (const posting of transaction.postings) {
        if (posting.debitAccount !== ISSUANCE_ACCOUNT) continue;
        metrics.issuance.inc(
          { currency: posting.currency, reason: transaction.reasonCode },
          Number(posting.amountMinor),
        );
      }
    }
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'append') {
        return async (streams: AppendToStream[], options?: { transaction?: TransactionHandle }) => {
          const result = await metrics.time('append', () => target.append(streams, options));
          const posted = postedTransactions(streams);
          if (posted.length > 0) {
            if (options?.transaction)
              pending.set(options.transaction, [...(pending.get(options.transaction) ?? []), ...posted]);
            else count(posted);
          }
          return result;
        };
      }
      if (property === 'withTransaction') {
        return async <T>(
          work: (transaction: TransactionHandle) => Promise<T>,
          options?: TransactionOptions,
        ): Promise<T> => {
          let handle: TransactionHandle | undefined;
          try {
            const result = await target.withTransaction((transaction) => {
              handle = transaction;
              return work(transaction);
            }, options);
            const posted = handle ? pending.get(handle) : undefined;
            if (posted) count(posted);
            return result;
          } finally {
            if (handle) pending.delete(handle);
          }
        };
      }
      const operation = TIMED[property as keyof EventStore];
      const method = value as (...parameters: unknown[]) => Promise<unknown>;
      if (!operation) return method.bind(target);
      return (...parameters: unknown[]) => metrics.time(operation, () => method.apply(target, parameters));
    },
  });
}
