import type { PaymentDetailField } from './details';

/**
 * The methods a deployment offers when `WITHDRAWAL_METHODS` (JSON, same shape) does not replace them. The API
 * serves them from its configuration; screens read them from `GET /api/withdrawal/methods`, never from here.
 */
export interface WithdrawalMethodConfig {
  method_name: string;
  display_name: string;
  is_active: boolean;
  processing_time: string;
  min_amount: number;
  fee_percentage: number;
  required_fields: PaymentDetailField[];
}

export const DEFAULT_WITHDRAWAL_METHODS: readonly WithdrawalMethodConfig[] = Object.freeze([
  {
    method_name: 'paypal',
    display_name: 'PayPal',
    is_active: true,
    processing_time: '1-2 business days',
    min_amount: 200,
    fee_percentage: 2.5,
    required_fields: ['email_address'],
  },
  {
    method_name: 'crypto',
    display_name: 'Crypto wallet',
    is_active: true,
    processing_time: 'Within 24 hours',
    min_amount: 200,
    fee_percentage: 1.5,
    required_fields: ['wallet_address', 'network'],
  },
  {
    method_name: 'bank_transfer',
    display_name: 'Bank transfer',
    is_active: true,
    processing_time: '3-5 business days',
    min_amount: 500,
    fee_percentage: 2.5,
    required_fields: ['account_holder_name', 'bank_name', 'account_number', 'routing_number', 'swift_code', 'country'],
  },
  {
    method_name: 'check',
    display_name: 'Mailed check',
    is_active: true,
    processing_time: '7-10 business days',
    min_amount: 1000,
    fee_percentage: 3,
    required_fields: [
      'full_name',
      'address_line_1',
      'address_line_2',
      'city',
      'state',
      'postal_code',
      'country',
      'phone_number',
    ],
  },
]);
