import { FormSelect, FormTextField } from '@app/platform/forms';
import {
  CRYPTO_NETWORKS,
  DETAIL_FIELD_LABELS,
  OPTIONAL_DETAIL_FIELDS,
  PAYOUT_COUNTRIES,
  type PaymentDetailField,
} from '@app/contracts/withdrawals';

const INPUT_TYPES: Partial<Record<PaymentDetailField, string>> = { email_address: 'email', phone_number: 'tel' };
const AUTOCOMPLETE: Partial<Record<PaymentDetailField, string>> = {
  email_address: 'email',
  full_name: 'name',
  account_holder_name: 'name',
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  country: 'country',
  phone_number: 'tel',
};

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const networkOptions = [
  { value: '', label: 'Choose a network' },
  ...CRYPTO_NETWORKS.map((network) => ({ value: network, label: network.charAt(0).toUpperCase() + network.slice(1) })),
];
const countryOptions = [
  { value: '', label: 'Choose a country' },
  ...PAYOUT_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })).sort((left, right) =>
    left.label.localeCompare(right.label),
  ),
];

/**
 * The detail inputs a method asks for (its `required_fields` from the server), registered under `prefix.field` so the
 * server's `field_errors` land on them. Shared by the withdraw wizard and the payment preferences dialog.
 */
export function PaymentDetailFields({ fields, prefix }: { fields: readonly PaymentDetailField[]; prefix: string }) {
  return (
    <>
      {fields.map((field) => {
        const name = `${prefix}.${field}`;
        const label = DETAIL_FIELD_LABELS[field] ?? field;
        const optional = OPTIONAL_DETAIL_FIELDS.includes(field);
        if (field === 'network') return <FormSelect key={field} name={name} label={label} options={networkOptions} />;
        if (field === 'country')
          return <FormSelect key={field} name={name} label={label} options={countryOptions} autoComplete="country" />;
        return (
          <FormTextField
            key={field}
            name={name}
            label={label}
            hint={optional ? 'Optional' : undefined}
            type={INPUT_TYPES[field] ?? 'text'}
            autoComplete={AUTOCOMPLETE[field] ?? 'off'}
          />
        );
      })}
    </>
  );
}

/** Blank strings for each field, so every input starts controlled and empty. */
export function emptyDetails(fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, '']));
}
