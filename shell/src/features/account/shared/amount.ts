import { z } from 'zod';

/** Amounts arrive as JSON numbers (exact at the currency's scale) or decimal text; the UI keeps the text. */
export const amountText = z.union([z.number(), z.string()]).transform((value) => String(value));
export const optionalAmountText = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .transform((value) => (value === undefined || value === null ? '0' : String(value)));
export const identifier = z.union([z.string(), z.number()]).transform(String);
