import { apiClient, ledgerKeys } from '@app/platform';
import { BalanceAtResponseSchema, type Currency, TransactionsResponseSchema, type WalletResponse, WalletsResponseSchema } from '@app/contracts/ledger';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Rows per page of the history; one more is asked for to know whether a next page exists. */
export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionFilter {
  currency?: Currency;
  type?: string;
  page: number;
}

export function useWallets() {
  return useQuery({ queryKey: ledgerKeys.wallets(), queryFn: ({ signal }) => apiClient().get('/api/users/wallets', { schema: WalletsResponseSchema, signal }) });
}

/** The wallet of one currency, or an empty one (the ledger lists only currencies the user has touched). */
export function walletOf(wallets: readonly WalletResponse[], currency: Currency): WalletResponse {
  return wallets.find((wallet) => wallet.currency_type === currency) ?? { currency_type: currency, balance: 0, available_balance: 0, held_balance: 0 };
}

export function useTransactions(filter: TransactionFilter) {
  const offset = filter.page * TRANSACTIONS_PAGE_SIZE;
  const query = { currency: filter.currency, type: filter.type, limit: TRANSACTIONS_PAGE_SIZE + 1, offset };
  return useQuery({
    queryKey: ledgerKeys.transactions(query),
    queryFn: async ({ signal }) => {
      const answer = await apiClient().get('/api/users/transactions', { query, schema: TransactionsResponseSchema, signal });
      return { rows: answer.transactions.slice(0, TRANSACTIONS_PAGE_SIZE), hasNextPage: answer.transactions.length > TRANSACTIONS_PAGE_SIZE };
    },
    // The old page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Days the wallet chart spans, and how many point-in-time balances it samples across them (both ends included). */
export const HISTORY_DAYS = 30;
export const HISTORY_SAMPLES = 7;

export interface BalancePoint {
  at: string;
  wallets: WalletResponse[];
}

/** Instants from `days` ago to `now`, evenly spaced. */
export function sampleInstants(now: Date, days: number, samples: number): Date[] {
  const span = days * 86_400_000;
  return Array.from({ length: samples }, (_, index) => new Date(now.getTime() - span + (span * index) / (samples - 1)));
}

/** The user's balances as they stood at each sample instant, folded by the ledger from the account stream. */
export function useBalanceHistory(days = HISTORY_DAYS) {
  return useQuery({
    queryKey: ledgerKeys.balanceHistory(days),
    queryFn: ({ signal }) =>
      Promise.all(
        sampleInstants(new Date(), days, HISTORY_SAMPLES).map(async (instant): Promise<BalancePoint> => {
          const answer = await apiClient().get('/api/users/me/balance-at', { query: { at: instant.toISOString() }, schema: BalanceAtResponseSchema, signal });
          return { at: answer.as_of, wallets: answer.wallets };
        }),
      ),
  });
}
