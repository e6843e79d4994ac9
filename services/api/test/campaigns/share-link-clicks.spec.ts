import { attributeShareLinkClicks, type ShareLinkClicks } from '../../src/modules/campaigns/domain/share-link-clicks';

// Campaign c1, created on the 20th; item a joined on the 22nd, item b on the 25th.
const campaign = {
  campaignId: 'c1',
  createdAt: '2026-11-20T09:00:00.000Z',
  content: [
    { itemId: 'a', addedAt: '2026-11-22T23:59:00.000Z' },
    { itemId: 'b', addedAt: '2026-11-25T00:00:00.000Z' },
  ],
};
const row = (campaignId: string | null, contentId: string | null, day: string, clicks: number): ShareLinkClicks => ({
  campaignId,
  contentId,
  day,
  clicks,
});
const attributed = (rows: ShareLinkClicks[]) => {
  const result = attributeShareLinkClicks(campaign, rows);
  return {
    total: result.total,
    byContent: Object.fromEntries(result.byContent),
    byDay: Object.fromEntries(result.byDay),
  };
};

describe('attributeShareLinkClicks', () => {
  it("counts links made for one of the campaign's items without a campaign from the UTC day the item joined", () => {
    expect(
      attributed([
        row(null, 'a', '2026-11-21', 5),
        row(null, 'a', '2026-11-22', 2),
        row(null, 'a', '2026-11-23', 3),
        row(null, 'b', '2026-11-24', 7),
        row(null, 'b', '2026-11-25', 1),
      ]),
    ).toEqual({
      total: 6,
      byContent: { a: 5, b: 1 },
      byDay: { '2026-11-22': 2, '2026-11-23': 3, '2026-11-25': 1 },
    });
  });

  it('counts links made for the campaign from the day it was created, in the item row only when the item is one of its own', () => {
    expect(
      attributed([
        row('c1', 'a', '2026-11-21', 4),
        row('c1', 'elsewhere', '2026-11-21', 2),
        row('c1', null, '2026-11-26', 1),
        row('c1', 'b', '2026-11-19', 9),
      ]),
    ).toEqual({
      // The link for b made "before" the campaign existed (a guessed id) counts nowhere; a's link counts before a joined.
      total: 7,
      byContent: { a: 4 },
      byDay: { '2026-11-21': 6, '2026-11-26': 1 },
    });
  });

  it("never counts another campaign's links (even for a shared item), items outside the campaign, or empty rows", () => {
    expect(
      attributed([
        row('c2', 'a', '2026-11-23', 8),
        row(null, 'elsewhere', '2026-11-23', 3),
        row(null, null, '2026-11-23', 2),
        row(null, 'a', '2026-11-23', 0),
      ]),
    ).toEqual({
      total: 0,
      byContent: {},
      byDay: {},
    });
  });

  it('adds up links made with and without the campaign for the same item and day', () => {
    expect(attributed([row('c1', 'a', '2026-11-23', 3), row(null, 'a', '2026-11-23', 2)])).toEqual({
      total: 5,
      byContent: { a: 5 },
      byDay: { '2026-11-23': 5 },
    });
  });
});
