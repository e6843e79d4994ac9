import type { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import type { Projection, ProjectionTables } from './projection';

/**
 * A projection's `handle` that applies each event of the batch in turn. Only an unreadable payload (zod refuses it)
 * is logged and skipped; any other error, a database one above all, stops the batch (it rolls back whole).
 */
export function applyReadableEvents<TableName extends string>(
  logger: Logger,
  apply: (transaction: TransactionHandle, tables: ProjectionTables<TableName>, stored: StoredEvent) => Promise<void>,
): Projection<TableName>['handle'] {
  return async (events, transaction, tables) => {
    for (const stored of events) {
      try {
        await apply(transaction, tables, stored);
      } catch (error) {
        if ((error as Error).name !== 'ZodError') throw error;
        logger.error(`Skipping unreadable ${stored.type} at position ${stored.position}`);
      }
    }
  };
}
