import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { notFound } from '../../../platform/http/api-error';
import { GetUserQuery } from '../../identity';
import { GetUserProgressQuery } from '../../progress';
import type { LedgerExecutor } from '../infrastructure/ledger-executor';
import { toUserBalances } from './get-user-balances.query';

/** `GET /api/users/me` and its alias: identity's user composed with the ledger's balances and progress's level and XP. */
export async function composeMe(queryBus: QueryBus, ledger: LedgerExecutor, userId: string) {
  const user = await queryBus.execute(new GetUserQuery(userId));
  if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
  const balances = toUserBalances((await ledger.load(userId)).state);
  return { ...user, ...balances, ...(await progressOf(queryBus, userId)) };
}

/** Level and XP from the progress context when it runs in this application. */
async function progressOf(queryBus: QueryBus, userId: string): Promise<{ level?: number; xp_points?: number }> {
  try {
    const progress = await queryBus.execute(new GetUserProgressQuery(userId));
    return { level: progress.level, xp_points: progress.xp_points };
  } catch (error) {
    if (error instanceof QueryHandlerNotFoundException) return {};
    throw error;
  }
}
