import { apiClient, ledgerKeys } from '@app/platform';
import { CONVERSION_RATES, convertCurrencyRoute, getConversionAllowanceRoute } from '@app/contracts/ledger';
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
  return apiClient().call(convertCurrencyRoute, { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Today's use of the daily limit on keys from points, as the ledger decides it (`getConversionAllowanceRoute`). */
export function useConversionAllowance() {
  return useQuery({
    queryKey: ledgerKeys.conversionAllowance(),
    queryFn: ({ signal }) => apiClient().call(getConversionAllowanceRoute, { signal }),
  });
}
