import { expect, test } from '@playwright/test';
import { demoToken } from '../account/account-helpers';
import { expectLedgerVerifiesOk, ownedShares, pageFor, publishContent, usdOf } from './market-journey-helpers';

/**
 * Journey (issue 43): an investor opens someone else's post, from the creator's public profile, and buys shares
 * through the Buy Shares dialog at the market price; the whole price goes to the creator (no cut on primary sales).
 * Setup (API): a creator publishes a post. A new post's price is the floor, $0.01 a share.
 */
test("an investor opens someone else's post and buys shares through the dialog; ledger verify OK", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [creatorToken, investorToken] = [await demoToken(request, 'creator'), await demoToken(request, 'investor')];
  const title = `Buy shares ${Date.now().toString(36)}`;
  const contentId = await publishContent(request, creatorToken, title);
  const creatorId = (
    (await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${creatorToken}` } })).json()) as {
      id: string;
    }
  ).id;
  const investorStart = await usdOf(request, investorToken);
  const creatorStart = await usdOf(request, creatorToken);

  // The investor opens the creator's profile, then the post from its Content tab.
  const investor = await pageFor(browser, investorToken, `/users/id/${creatorId}`);
  await investor.getByRole('tab', { name: 'Content' }).click();
  await investor.getByRole('list', { name: 'Content' }).getByRole('link', { name: title, exact: true }).click();
  await expect(investor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(investor.getByText('YOUR CONTENT')).toHaveCount(0);

  await investor.getByRole('button', { name: 'Buy Shares' }).click();
  const dialog = investor.getByRole('dialog', { name: 'Buy Shares' });
  await dialog.getByLabel('Number of shares').fill('25');
  await expect(dialog.getByText('$0.25')).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy Shares' }).click();
  await expect(dialog).toBeHidden();

  expect(await ownedShares(request, investorToken, contentId)).toBe(25);
  expect(await usdOf(request, investorToken)).toBeCloseTo(investorStart - 0.25, 4);
  expect(await usdOf(request, creatorToken)).toBeCloseTo(creatorStart + 0.25, 4);
  // The holding shows in the investor's portfolio.
  await investor.goto('/invest/portfolio');
  await expect(
    investor.getByRole('table', { name: 'Holdings' }).getByRole('row', { name: new RegExp(title) }),
  ).toContainText('25');

  expectLedgerVerifiesOk();
});
