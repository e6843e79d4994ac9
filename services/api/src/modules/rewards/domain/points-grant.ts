import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement, type ReasonCode } from '@app/contracts/ledger';

/** Points are kept in minor units of scale 1: one point is 10 minor units. */
export const POINTS_MINOR_PER_POINT = 10n;

/** Newly issued points credited to users (minor units, scale 1), as one ledger transaction. */
export function pointsGrant(input: {
  transactionId: string;
  reasonCode: ReasonCode;
  description: string;
  now: string;
  grants: { userId: string; pointsMinor: bigint }[];
  references?: Record<string, string>;
}): MoneyMovement {
  return {
    transactionId: input.transactionId,
    reasonCode: input.reasonCode,
    description: input.description,
    now: input.now,
    postings: input.grants.map((grant) => ({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount(grant.userId),
      currency: 'points' as const,
      amountMinor: grant.pointsMinor,
    })),
    ...(input.references ? { references: input.references } : {}),
  };
}

export const pointsFromMinor = (minor: bigint | string): number => Number(BigInt(minor)) / 10;
