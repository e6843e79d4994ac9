import { apiClient, ledgerKeys } from '@app/platform';
import {
  type Currency,
  getBalanceHistoryRoute,
  getTransactionsRoute,
  getWalletsRoute,
  type WalletResponse,
} from '@app/contracts/ledger';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** Rows per page of the history. */
export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionFilter {
  currency?: Currency;
  type?: string;
  page: number;
}

/** The balances (the page's header and cards); also started by the routes module before the page renders. */
export function walletsQuery() {
  return queryOptions({
    queryKey: ledgerKeys.wallets(),
    queryFn: ({ signal }) => apiClient().call(getWalletsRoute, { signal }),
  });
}

export function useWallets() {
  return useQuery(walletsQuery());
}

/** The wallet of one currency, or an empty one (the ledger lists only currencies the user has touched). */
export function walletOf(wallets: readonly WalletResponse[], currency: Currency): WalletResponse {
  return (
    wallets.find((wallet) => wallet.currency_type === currency) ?? {
      currency_type: currency,
      balance: 0,
      available_balance: 0,
      held_balance: 0,
    }
  );
}

export function useTransactions(filter: TransactionFilter) {
  const offset = filter.page * TRANSACTIONS_PAGE_SIZE;
  const query = { currency: filter.currency, type: filter.type, limit: TRANSACTIONS_PAGE_SIZE, offset };
  return useQuery({
    queryKey: ledgerKeys.transactions(query),
    queryFn: async ({ signal }) => {
      const answer = await apiClient().call(getTransactionsRoute, { query, signal });
      return {
        rows: answer.transactions,
        total: answer.total,
        pages: Math.max(1, Math.ceil(answer.total / TRANSACTIONS_PAGE_SIZE)),
      };
    },
    // The old page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Days the wallet chart spans. */
export const HISTORY_DAYS = 30;

/** The user's balances at the end of each of the last days and now, folded by the ledger from the account stream. */
export function useBalanceHistory(days = HISTORY_DAYS) {
  return useQuery({
    queryKey: ledgerKeys.balanceHistory(days),
    queryFn: async ({ signal }) => (await apiClient().call(getBalanceHistoryRoute, { query: { days }, signal })).points,
  });
}
