import { z } from 'zod';

// Shapes of the ledger's answers (services/contracts/src/ledger/http.ts): amounts are JSON numbers
// holding the exact decimal at the currency's scale.
const amount = z.union([z.number(), z.string()]).transform(String);

export const walletSchema = z
  .object({ currency_type: z.string(), balance: amount, available_balance: amount.optional(), held_balance: amount.optional() })
  .loose();
export const walletListSchema = z.union([z.array(walletSchema), z.object({ wallets: z.array(walletSchema) }).loose().transform((body) => body.wallets)]);
export type Wallet = z.output<typeof walletSchema>;

export const transactionSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    transaction_type: z.string(),
    description: z.string().optional().nullable(),
    amount,
    currency_type: z.string(),
    status: z.string().optional().nullable(),
    created_at: z.string(),
  })
  .loose();
export const transactionListSchema = z.union([z.array(transactionSchema), z.object({ transactions: z.array(transactionSchema) }).loose().transform((body) => body.transactions)]);
