import { expect, test } from '@playwright/test';
import { apiGet, demoToken } from '../account/account-helpers';
import {
  expectLedgerVerifiesOk,
  holdAndList,
  ownedShares,
  pageFor,
  publishContent,
  usdOf,
  userIdOf,
} from './market-journey-helpers';

/**
 * Journey (issue 43): someone who holds nothing finds shares listed for resale in the Investment Hub's resale market
 * and makes the seller an offer; the seller finds it in the wallet's Incoming offers and accepts. Setup (API): a
 * creator publishes, the seller buys 10 shares and lists 4 at $0.05, keeping 6 unlisted (an offer buys unlisted
 * shares; listed ones sell at the ask). Then only screens. The bid is held from the buyer's USD when sent; on accept
 * the seller gets it less the 2.5 % fee (rounded down to $0.0001 in the seller's favour) and the shares move.
 */
test('a newcomer finds a resale listing, makes an offer, and the seller accepts it in the wallet; ledger verify OK', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [creatorToken, sellerToken, buyerToken] = [
    await demoToken(request, 'creator'),
    await demoToken(request, 'investor'),
    await demoToken(request, 'investor'),
  ];
  const title = `Resale offer ${Date.now().toString(36)}`;
  const contentId = await publishContent(request, creatorToken, title);
  await holdAndList(request, sellerToken, contentId, 10, 4, 0.05);
  const sellerId = await userIdOf(request, sellerToken);
  const sellerName =
    (await apiGet<{ display_name: string | null; username: string }>(request, sellerToken, '/api/users/me'))
      .display_name ?? '';
  expect(await ownedShares(request, buyerToken, contentId)).toBe(0);
  const buyerStart = await usdOf(request, buyerToken);
  const sellerStart = await usdOf(request, sellerToken);

  // The buyer, holding nothing, opens Invest → Content Shares and finds the listing in the resale market.
  const buyer = await pageFor(browser, buyerToken, '/invest');
  await buyer.getByRole('tab', { name: 'Content Shares' }).click();
  await expect(buyer.getByRole('heading', { name: 'You hold no shares yet' })).toBeVisible();
  const market = buyer.getByRole('table', { name: 'Listings for resale' });
  const row = market.getByRole('row').filter({ has: buyer.getByRole('link', { name: title, exact: true }) });
  await expect(row).toContainText('$0.0500');
  await expect(row.getByRole('link', { name: sellerName })).toHaveAttribute('href', `/users/id/${sellerId}`);

  // An offer for 3 of the seller's unlisted shares at $0.04, with a message.
  await row.getByRole('button', { name: `Make an offer to ${sellerName} for ${title}` }).click();
  const offer = buyer.getByRole('dialog', { name: 'Make an Offer' });
  await offer.getByLabel('Quantity').fill('3');
  await offer.getByLabel('Offer price per share (USD)').fill('0.04');
  await offer.getByLabel('Message (optional)').fill('Three at four cents?');
  await expect(offer.getByText('Total: $0.12')).toBeVisible();
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyer.getByText('Offer sent', { exact: true })).toBeVisible();
  expect(await usdOf(request, buyerToken)).toBeCloseTo(buyerStart - 0.12, 4);
  // The buyer sees it among their outgoing offers in the Hub.
  await buyer.getByRole('tab', { name: 'Outgoing' }).click();
  await expect(
    buyer
      .getByRole('list', { name: 'Outgoing offers' })
      .getByRole('listitem')
      .filter({ hasText: 'Three at four cents?' }),
  ).toContainText('pending');

  // The seller opens the wallet: Incoming offers shows it; Accept.
  const seller = await pageFor(browser, sellerToken, '/wallet');
  const incoming = seller.getByRole('list', { name: 'Incoming offers' });
  const pending = incoming.getByRole('listitem').filter({ hasText: 'Three at four cents?' });
  await expect(pending).toContainText(title);
  await expect(pending).toContainText('3 × $0.0400 = $0.12');
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(pending.getByText('accepted', { exact: true })).toBeVisible();

  // Shares and money moved exactly: 3 shares to the buyer; the seller gets $0.12 − fee $0.003 = $0.117.
  expect(await ownedShares(request, buyerToken, contentId)).toBe(3);
  expect(await ownedShares(request, sellerToken, contentId)).toBe(7);
  expect(await usdOf(request, sellerToken)).toBeCloseTo(sellerStart + 0.117, 4);
  expect(await usdOf(request, buyerToken)).toBeCloseTo(buyerStart - 0.12, 4);
  // The wallet's holdings now show the seller's 7 shares.
  await expect(
    seller.getByRole('list', { name: 'Share holdings' }).getByRole('listitem').filter({ hasText: title }),
  ).toContainText('7 ×');

  expectLedgerVerifiesOk();
});

/**
 * The same journey through a public profile: from the content page's resale listings the buyer opens the seller's
 * profile, whose holdings offer Make offer (the seller, on their own profile, sees only View); the seller accepts in
 * the wallet. The seller keeps one holding private: it never shows on the profile.
 */
test("a newcomer makes an offer from the seller's public profile, and the seller accepts it; ledger verify OK", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [creatorToken, sellerToken, buyerToken] = [
    await demoToken(request, 'creator'),
    await demoToken(request, 'investor'),
    await demoToken(request, 'investor'),
  ];
  const stamp = Date.now().toString(36);
  const title = `Profile offer ${stamp}`;
  const hidden = `Private holding ${stamp}`;
  const contentId = await publishContent(request, creatorToken, title);
  const hiddenId = await publishContent(request, creatorToken, hidden);
  await holdAndList(request, sellerToken, contentId, 8, 2, 0.05);
  await holdAndList(request, sellerToken, hiddenId, 3, 1, 0.05);
  const visibility = await request.put(`/api/portfolio/holdings/${hiddenId}/visibility`, {
    headers: { Authorization: `Bearer ${sellerToken}` },
    data: { visibility: 'private' },
  });
  expect(visibility.status()).toBe(200);
  const sellerId = await userIdOf(request, sellerToken);
  const buyerStart = await usdOf(request, buyerToken);
  const sellerStart = await usdOf(request, sellerToken);

  // The buyer, on the content page, follows the listing's seller to their public profile.
  const buyer = await pageFor(browser, buyerToken, `/content/${encodeURIComponent(contentId)}`);
  const listings = buyer.getByRole('table', { name: `Resale listings of ${title}` });
  await listings.getByRole('row').filter({ hasText: '$0.0500' }).getByRole('link').first().click();
  await expect(buyer).toHaveURL(new RegExp(`/users/id/${sellerId}$`));
  const holdings = buyer.getByRole('list', { name: 'Public holdings' });
  const holding = holdings.getByRole('listitem').filter({ hasText: title });
  await expect(holding).toContainText('8 shares');
  await expect(holdings.getByText(hidden)).toHaveCount(0);
  await holding.getByRole('button', { name: /^Make offer to / }).click();
  const offer = buyer.getByRole('dialog', { name: 'Make an Offer' });
  await offer.getByLabel('Quantity').fill('5');
  await offer.getByLabel('Offer price per share (USD)').fill('0.03');
  await offer.getByLabel('Message (optional)').fill(`Five from your profile ${stamp}`);
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyer.getByText('Offer sent', { exact: true })).toBeVisible();
  expect(await usdOf(request, buyerToken)).toBeCloseTo(buyerStart - 0.15, 4);

  // The seller's own profile shows View, not Make offer, and not the private holding.
  const seller = await pageFor(browser, sellerToken, '/profile');
  const own = seller.getByRole('list', { name: 'Public holdings' });
  await expect(own.getByRole('link', { name: `View ${title}` })).toHaveAttribute(
    'href',
    `/portfolio/holdings/${contentId}`,
  );
  await expect(own.getByRole('button', { name: /Make offer/ })).toHaveCount(0);
  await expect(own.getByText(hidden)).toHaveCount(0);

  // The seller accepts in the wallet's Incoming offers: 5 × $0.03 = $0.15, fee $0.0037 (rounded down), seller $0.1463.
  await seller.goto('/wallet');
  const pending = seller
    .getByRole('list', { name: 'Incoming offers' })
    .getByRole('listitem')
    .filter({ hasText: `Five from your profile ${stamp}` });
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(pending.getByText('accepted', { exact: true })).toBeVisible();
  expect(await ownedShares(request, buyerToken, contentId)).toBe(5);
  expect(await ownedShares(request, sellerToken, contentId)).toBe(3);
  expect(await usdOf(request, sellerToken)).toBeCloseTo(sellerStart + 0.1463, 4);

  expectLedgerVerifiesOk();
});
