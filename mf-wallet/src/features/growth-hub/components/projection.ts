import { fromMinor, toMinor } from '@app/platform/app';

/**
 * Spec 3 §9: projected total = amount × (multiplier − 1), daily = total / lock days, in exact gem minor units (the
 * server fixes the same total when staking). Null while the amount is not a positive number.
 */
export function stakeProjection(
  amountText: string,
  multiplier: number,
  lockDays: number,
): { total: string; daily: string } | null {
  let amountMinor: bigint;
  try {
    amountMinor = toMinor(amountText.trim() || '0', 'gems');
  } catch {
    return null;
  }
  if (amountMinor <= 0n) return null;
  const totalMinor = (amountMinor * BigInt(Math.round(multiplier * 100) - 100)) / 100n;
  return { total: fromMinor(totalMinor, 'gems'), daily: fromMinor(totalMinor / BigInt(lockDays), 'gems') };
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
