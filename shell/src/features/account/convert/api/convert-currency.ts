import { apiClient } from '@app/platform';
import { CONVERSION_RATES, ConvertCurrencyResponseSchema, TransactionsResponseSchema } from '@app/contracts/src/ledger/http';
import { useQuery } from '@tanstack/react-query';

export type ConversionSource = 'points' | 'gems';
export const QUICK_AMOUNTS = [1, 3, 5, 10] as const;
export { CONVERSION_RATES };

export interface ConvertCurrencyInput {
  from_currency: ConversionSource;
  to_currency: 'keys';
  amount: number;
}

/** What converting into `keys` keys costs in the source currency (500 points or 2 gems a key). */
export function conversionCost(source: ConversionSource, keys: number): number {
  return keys * (source === 'points' ? CONVERSION_RATES.pointsPerKey : CONVERSION_RATES.gemsPerKey);
}

export function convertCurrency(input: ConvertCurrencyInput, idempotencyKey: string) {
  return apiClient().post('/api/users/convert', input, { schema: ConvertCurrencyResponseSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

function utcDay(timestamp: string | Date): string {
  return new Date(timestamp).toISOString().slice(0, 10);
}

export const transactionsQueryKey = ['ledger', 'transactions', 'points'] as const;

/**
 * Keys already converted from points today (UTC), read from the ledger's transaction history: every
 * points-to-keys conversion shows as a negative 'conversion' row in points.
 */
export function useKeysConvertedFromPointsToday() {
  return useQuery({
    queryKey: transactionsQueryKey,
    queryFn: async ({ signal }) => {
      const answer = await apiClient().get('/api/users/transactions', { query: { currency: 'points', limit: 200 }, schema: TransactionsResponseSchema, signal });
      const today = utcDay(new Date());
      const pointsSpent = answer.transactions
        .filter((row) => row.transaction_type === 'conversion' && row.amount < 0 && utcDay(row.created_at) === today)
        .reduce((total, row) => total - row.amount, 0);
      return Math.round(pointsSpent / CONVERSION_RATES.pointsPerKey);
    },
  });
}
