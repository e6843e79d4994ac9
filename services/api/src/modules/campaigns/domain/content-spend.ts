/**
 * Spent of budget for each content item of a campaign (spec 3, campaign detail, Content tab), in moves minor units.
 * The campaign's moves (what it cost, net of refunds) are its only money, so both figures divide that:
 * - budget: an equal share of the campaign's moves per content item (the remainder's minor units go one each to the
 *   first items), so the items' budgets add up to the campaign's moves exactly;
 * - spent: the campaign's moves attributed by clicks, `spent × item clicks / all clicks` (floored), the same rate as
 *   the campaign's cost per click; the campaign's clicks include its drops' and its own links', so the items together
 *   never exceed what the campaign spent. Without clicks nothing is attributed.
 * Pure, so the rule is tested on its own (`test/campaigns/content-spend.spec.ts`).
 */
export function contentSpendMinor(
  campaignSpentMinor: bigint,
  itemClicks: readonly number[],
  campaignClicks: number,
): Array<{ spentMinor: bigint; budgetMinor: bigint }> {
  const count = BigInt(itemClicks.length);
  if (count === 0n) return [];
  const spent = campaignSpentMinor > 0n ? campaignSpentMinor : 0n;
  const share = spent / count;
  const remainder = spent % count;
  const totalClicks = BigInt(Math.max(0, Math.trunc(campaignClicks)));
  return itemClicks.map((clicks, index) => {
    const itemClicksCount = BigInt(Math.max(0, Math.trunc(clicks)));
    return {
      budgetMinor: share + (BigInt(index) < remainder ? 1n : 0n),
      spentMinor:
        totalClicks === 0n
          ? 0n
          : (spent * (itemClicksCount < totalClicks ? itemClicksCount : totalClicks)) / totalClicks,
    };
  });
}
