import { contentSpendMinor } from '../../src/modules/campaigns/domain/content-spend';

/** Spent of budget per content item: equal shares of the campaign's moves, spent attributed by clicks. */
describe('contentSpendMinor', () => {
  it('shares the campaign moves equally (exactly, the remainder to the first items) and attributes spend by clicks', () => {
    // 100.01 moves (10001 minor) over three items; 40 campaign clicks, of which the items brought 20, 10 and 0.
    const figures = contentSpendMinor(10_001n, [20, 10, 0], 40);
    expect(figures.map((item) => item.budgetMinor)).toEqual([3_334n, 3_334n, 3_333n]);
    expect(figures.reduce((sum, item) => sum + item.budgetMinor, 0n)).toBe(10_001n);
    expect(figures.map((item) => item.spentMinor)).toEqual([5_000n, 2_500n, 0n]);
  });

  it('attributes nothing without clicks, never more than the campaign spent, and nothing for no items or a refunded campaign', () => {
    expect(contentSpendMinor(5_000n, [0, 0], 0)).toEqual([
      { spentMinor: 0n, budgetMinor: 2_500n },
      { spentMinor: 0n, budgetMinor: 2_500n },
    ]);
    expect(contentSpendMinor(5_000n, [7], 7)).toEqual([{ spentMinor: 5_000n, budgetMinor: 5_000n }]);
    // Clicks counted per item can never exceed the campaign's; if they did, the item is held to the whole spend.
    expect(contentSpendMinor(5_000n, [9], 7)[0]?.spentMinor).toBe(5_000n);
    expect(contentSpendMinor(5_000n, [], 3)).toEqual([]);
    expect(contentSpendMinor(0n, [3], 3)).toEqual([{ spentMinor: 0n, budgetMinor: 0n }]);
  });
});
