import { apiClient, paymentKeys } from '@app/platform';
import {
  PaymentPreferenceSchema,
  PaymentPreferencesResponseSchema,
  type WithdrawalMethod,
  WithdrawalMethodsResponseSchema,
} from '@app/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** The withdrawal methods the server is configured with (active ones only: an inactive method cannot be chosen). */
export function useWithdrawalMethods() {
  return useQuery({
    queryKey: paymentKeys.withdrawalMethods(),
    queryFn: async ({ signal }) => (await apiClient().get('/api/withdrawal/methods', { schema: WithdrawalMethodsResponseSchema, signal })).filter((method) => method.is_active),
    staleTime: 5 * 60_000,
  });
}

export function methodLabel(methods: readonly WithdrawalMethod[] | undefined, name: string): string {
  return methods?.find((method) => method.method_name === name)?.display_name ?? name;
}

export function usePaymentPreferences() {
  return useQuery({
    queryKey: paymentKeys.preferences(),
    queryFn: ({ signal }) => apiClient().get('/api/users/payment-preferences', { schema: PaymentPreferencesResponseSchema, signal }),
  });
}

export interface NewPaymentPreference {
  payment_method: string;
  preference_data: Record<string, string>;
  is_default?: boolean;
}

export function savePaymentPreference(body: NewPaymentPreference) {
  return apiClient().post('/api/users/payment-preferences', body, { schema: PaymentPreferenceSchema });
}

export function setDefaultPaymentPreference(id: string) {
  return apiClient().post(`/api/users/payment-preferences/${encodeURIComponent(id)}/set-default`, {}, { schema: PaymentPreferenceSchema });
}

export function deletePaymentPreference(id: string) {
  return apiClient().request('DELETE', `/api/users/payment-preferences/${encodeURIComponent(id)}`, { schema: z.object({ success: z.literal(true) }) });
}
