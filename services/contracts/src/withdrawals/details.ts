import { z } from 'zod';

/** The detail fields of a payout (spec 3 §3). Each is validated by its own rule below, whatever the method. */
export const PAYMENT_DETAIL_FIELDS = [
  'wallet_address',
  'network',
  'email_address',
  'account_holder_name',
  'bank_name',
  'account_number',
  'routing_number',
  'swift_code',
  'country',
  'full_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postal_code',
  'phone_number',
] as const;
export type PaymentDetailField = (typeof PAYMENT_DETAIL_FIELDS)[number];
export type PaymentDetails = Partial<Record<PaymentDetailField, string>>;

/** Spec 3 §5: the only optional field. */
export const OPTIONAL_DETAIL_FIELDS: readonly PaymentDetailField[] = ['address_line_2'];

export const CRYPTO_NETWORKS = ['mainnet', 'ethereum', 'bsc', 'polygon', 'arbitrum'] as const;

/** The withdraw dialog's fixed country list (ISO 3166 alpha-2). */
export const PAYOUT_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'SE',
  'NO',
  'DK',
  'FI',
  'CH',
  'AT',
  'PT',
  'AU',
  'NZ',
  'JP',
] as const;

export const DETAIL_FIELD_LABELS: Readonly<Record<PaymentDetailField, string>> = Object.freeze({
  wallet_address: 'Wallet address',
  network: 'Network',
  email_address: 'E-mail address',
  account_holder_name: 'Account holder name',
  bank_name: 'Bank name',
  account_number: 'Account number',
  routing_number: 'Routing number',
  swift_code: 'SWIFT code',
  country: 'Country',
  full_name: 'Full name',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
  phone_number: 'Phone number',
});

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** One rule per field; a field that is present must pass it. */
export const DETAIL_FIELD_RULES: Readonly<Record<PaymentDetailField, z.ZodType<string>>> = Object.freeze({
  wallet_address: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{26,100}$/, 'must be 26 to 100 letters and digits'),
  network: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(CRYPTO_NETWORKS, { error: `must be one of ${CRYPTO_NETWORKS.join(', ')}` })),
  email_address: z.string().trim().pipe(z.email('must be an e-mail address')),
  account_holder_name: text(120),
  bank_name: text(120),
  account_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,34}$/, 'must be 4 to 34 letters, digits, spaces or dashes'),
  routing_number: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'must be 9 digits'),
  swift_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code (8 or 11 characters)'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(PAYOUT_COUNTRIES, { error: 'must be one of the listed countries' })),
  full_name: text(120),
  address_line_1: text(200),
  address_line_2: text(200),
  city: text(100),
  state: text(100),
  postal_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,12}$/, 'must be a postal code'),
  phone_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'must be a phone number'),
});

export interface DetailFieldError {
  field: PaymentDetailField | string;
  message: string;
}

/**
 * Checks the details of a method: every required field non-empty (address_line_2 may be blank), each present field
 * by its rule, no field the method does not ask for. Returns the normalised details (trimmed, network lower case,
 * SWIFT upper case) or the field errors. Shared by the server and the screens, so both say the same.
 */
export function validatePaymentDetails(
  requiredFields: readonly string[],
  input: unknown,
): { ok: true; details: PaymentDetails } | { ok: false; errors: DetailFieldError[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ field: 'payment_details', message: 'Payment details must be an object' }] };
  }
  const raw = input as Record<string, unknown>;
  const errors: DetailFieldError[] = [];
  const details: PaymentDetails = {};
  for (const key of Object.keys(raw)) {
    if (!requiredFields.includes(key)) errors.push({ field: key, message: `${key} is not a field of this method` });
  }
  for (const field of requiredFields as PaymentDetailField[]) {
    const label = DETAIL_FIELD_LABELS[field] ?? field;
    const value = raw[field];
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) {
      if (!OPTIONAL_DETAIL_FIELDS.includes(field)) errors.push({ field, message: `${label} is required` });
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ field, message: `${label} must be text` });
      continue;
    }
    const parsed = DETAIL_FIELD_RULES[field]?.safeParse(value);
    if (!parsed || !parsed.success)
      errors.push({ field, message: `${label} ${parsed?.error.issues[0]?.message ?? 'is not valid'}` });
    else details[field] = parsed.data;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, details };
}

/** What answers show of a detail: enough to recognise it, never the whole number or address. */
export function maskDetailValue(field: string, value: string): string {
  if (field === 'network' || field === 'country') return value;
  if (field === 'email_address') {
    const [local, domain] = value.split('@');
    return `${local.slice(0, 1)}***@${domain ?? ''}`;
  }
  if (value.length <= 4) return '•'.repeat(value.length);
  return `${'•'.repeat(Math.min(8, value.length - 4))}${value.slice(-4)}`;
}

export function maskPaymentDetails(details: PaymentDetails): PaymentDetails {
  return Object.fromEntries(
    Object.entries(details).map(([field, value]) => [field, maskDetailValue(field, value ?? '')]),
  );
}
