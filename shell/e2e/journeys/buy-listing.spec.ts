import { expect, test } from '@playwright/test';
import { demoToken } from '../account/account-helpers';
import {
  expectLedgerVerifiesOk,
  holdAndList,
  ownedShares,
  pageFor,
  publishContent,
  usdOf,
} from './market-journey-helpers';

/**
 * Journey (issue 43): a buyer finds a resale listing in the Investment Hub's resale market, opens the content's page
 * from it, and buys part of the listing there at the ask; the rest stays listed. Setup (API): a creator publishes, the
 * seller buys 10 shares and lists 6 at $0.05. The buyer pays quantity × ask exactly; the seller receives it less the
 * 2.5 % fee rounded down to $0.0001 (4 × $0.05 = $0.20: fee $0.005, seller $0.195).
 */
test('a buyer buys part of a resale listing from the content page; ledger verify OK', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [creatorToken, sellerToken, buyerToken] = [
    await demoToken(request, 'creator'),
    await demoToken(request, 'investor'),
    await demoToken(request, 'investor'),
  ];
  const title = `Buy listing ${Date.now().toString(36)}`;
  const contentId = await publishContent(request, creatorToken, title);
  await holdAndList(request, sellerToken, contentId, 10, 6, 0.05);
  const buyerStart = await usdOf(request, buyerToken);
  const sellerStart = await usdOf(request, sellerToken);

  // The buyer finds the listing in Invest → Content Shares and follows it to the content page.
  const buyer = await pageFor(browser, buyerToken, '/invest/portfolio');
  const market = buyer.getByRole('table', { name: 'Listings for resale' });
  await market.getByRole('link', { name: title, exact: true }).click();
  await expect(buyer.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The content page lists this item's open listings; buy 4 of the 6.
  const listings = buyer.getByRole('table', { name: `Resale listings of ${title}` });
  const row = listings.getByRole('row').filter({ hasText: '$0.0500' });
  await expect(row).toContainText('6');
  await row.getByRole('button', { name: new RegExp(`^Buy ${title} from `) }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Buy from Listing' });
  await dialog.getByLabel('Number of shares').fill('4');
  await expect(dialog.getByText('$0.20')).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy Shares' }).click();
  await expect(buyer.getByText('Bought 4 shares for $0.20', { exact: true })).toBeVisible();
  // The listing now shows the 2 that remain.
  await expect(listings.getByRole('row').filter({ hasText: '$0.0500' })).toContainText('$0.10');

  expect(await ownedShares(request, buyerToken, contentId)).toBe(4);
  expect(await ownedShares(request, sellerToken, contentId)).toBe(6);
  expect(await usdOf(request, buyerToken)).toBeCloseTo(buyerStart - 0.2, 4);
  expect(await usdOf(request, sellerToken)).toBeCloseTo(sellerStart + 0.195, 4);

  expectLedgerVerifiesOk();
});
