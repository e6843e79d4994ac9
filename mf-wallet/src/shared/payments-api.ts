import { apiClient, paymentKeys } from '@app/platform';
import {
  createPaymentPreferenceRoute,
  deletePaymentPreferenceRoute,
  getPaymentPreferencesRoute,
  getWithdrawalMethodsRoute,
  setDefaultPaymentPreferenceRoute,
  type WithdrawalMethod,
} from '@app/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';

/** The withdrawal methods the server is configured with (active ones only: an inactive method cannot be chosen). */
export function useWithdrawalMethods() {
  return useQuery({
    queryKey: paymentKeys.withdrawalMethods(),
    queryFn: async ({ signal }) =>
      (await apiClient().call(getWithdrawalMethodsRoute, { signal })).filter((method) => method.is_active),
    staleTime: 5 * 60_000,
  });
}

export function methodLabel(methods: readonly WithdrawalMethod[] | undefined, name: string): string {
  return methods?.find((method) => method.method_name === name)?.display_name ?? name;
}

export function usePaymentPreferences() {
  return useQuery({
    queryKey: paymentKeys.preferences(),
    queryFn: ({ signal }) => apiClient().call(getPaymentPreferencesRoute, { signal }),
  });
}

export interface NewPaymentPreference {
  payment_method: string;
  preference_data: Record<string, string>;
  is_default?: boolean;
}

export function savePaymentPreference(body: NewPaymentPreference) {
  return apiClient().call(createPaymentPreferenceRoute, { body });
}

export function setDefaultPaymentPreference(id: string) {
  return apiClient().call(setDefaultPaymentPreferenceRoute, { params: { id } });
}

export function deletePaymentPreference(id: string) {
  return apiClient().call(deletePaymentPreferenceRoute, { params: { id } });
}
