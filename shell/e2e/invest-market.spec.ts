import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { apiGet, demoToken } from './account/account-helpers';

/** A page of its own (own local storage) signed in with a token. */
async function pageFor(browser: Browser, token: string, pathname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(pathname);
  return page;
}

const usdOf = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ usd_balance: number }>(request, token, '/api/users/me')).usd_balance;

async function ownedShares(request: APIRequestContext, token: string, contentId: string): Promise<number> {
  const { holdings } = await apiGet<{ holdings: { content_id: string; owned_shares: number }[] }>(
    request,
    token,
    '/api/portfolio/holdings',
  );
  return holdings.find((holding) => holding.content_id === contentId)?.owned_shares ?? 0;
}

/**
 * The content shares market and social forecasts in the composed app (issue 22). A creator (A) publishes content;
 * investor B buys 10 shares in the Investment Hub and lists 4 for resale; investor C, who bought 5, makes an offer
 * on B's shares from the holding page and buys B's listing; B accepts the offer in the Hub. B then creates a forecast
 * on the content and C predicts on it. Shares and USD move by the exact amounts (the 2.5 % resale fee rounded down
 * to $0.0001 in the seller's favour) and `ledger verify` is clean. Demo sandboxes deal with each other only, so all
 * three are demo personas (investors start with $1,000).
 */
test('buy shares, list them, make and accept an offer, create and predict on a forecast; ledger verify OK', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const creatorToken = await demoToken(request, 'creator');
  const bToken = await demoToken(request, 'investor');
  const cToken = await demoToken(request, 'investor');
  const title = `E2E market ${Date.now().toString(36)}`;

  // A publishes content (through the API: the publishing screens have their own browser test).
  const created = await request.post('/api/content', {
    headers: { Authorization: `Bearer ${creatorToken}`, 'Idempotency-Key': randomUUID() },
    data: {
      platform: 'youtube',
      title,
      description: 'Backed by the e2e market test',
      platform_url: 'https://www.youtube.com/watch?v=e2emarket',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contentId = ((await created.json()) as { contentId: string }).contentId;
  const bStart = await usdOf(request, bToken);
  const cStart = await usdOf(request, cToken);

  // B buys 10 shares in the Investment Hub (Content Shares tab, Back new content), at the market price of $0.01.
  const b = await pageFor(browser, bToken, '/invest/portfolio');
  await expect(b.getByRole('heading', { name: 'Investment Hub' })).toBeVisible();
  await b
    .getByRole('list', { name: 'Shares for sale' })
    .getByRole('button', { name: `Buy shares in ${title}` })
    .click();
  const buy = b.getByRole('dialog', { name: 'Buy Shares' });
  await buy.getByLabel('Number of shares').fill('10');
  await buy.getByRole('button', { name: 'Buy Shares' }).click();
  await expect(b.getByText('Bought 10 shares', { exact: true })).toBeVisible();
  const holdings = b.getByRole('table', { name: 'Holdings' });
  await expect(holdings.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  expect(await ownedShares(request, bToken, contentId)).toBe(10);
  expect(await usdOf(request, bToken)).toBeCloseTo(bStart - 0.1, 4);

  // C buys 5 (through the API) so the holding page and its marketplace are C's too.
  const cBuy = await request.post('/api/content/buy-shares', {
    headers: { Authorization: `Bearer ${cToken}`, 'Idempotency-Key': randomUUID() },
    data: { content_id: contentId, shares_count: 5 },
  });
  expect(cBuy.status(), await cBuy.text()).toBeLessThan(300);

  // B lists 4 shares at $0.05.
  await holdings
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: 'List for resale' })
    .click();
  const list = b.getByRole('dialog', { name: 'List Shares for Resale' });
  await list.getByLabel('Quantity').fill('4');
  await list.getByLabel('Ask price per share (USD)').fill('0.05');
  await list.getByRole('button', { name: 'List Shares' }).click();
  await expect(b.getByText('Listed 4 shares', { exact: true })).toBeVisible();
  await expect(b.getByRole('list', { name: 'My listings' }).getByText('4 of 4 at $0.0500')).toBeVisible();

  // C, on the holding page: an offer for 2 of B's shares at $0.04 (held from C's USD), then buys B's listing.
  const c = await pageFor(browser, cToken, `/holding/${encodeURIComponent(contentId)}`);
  const listings = c.getByRole('list', { name: 'Listings' });
  await expect(listings.getByRole('button', { name: 'Buy 4 for $0.20' })).toBeVisible();
  await listings.getByRole('button', { name: 'Make an Offer' }).click();
  const offer = c.getByRole('dialog', { name: 'Make an Offer' });
  await offer.getByLabel('Quantity').fill('2');
  await offer.getByLabel('Offer price per share (USD)').fill('0.04');
  await offer.getByLabel('Message (optional)').fill('Two more, please');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(c.getByText('Offer sent', { exact: true })).toBeVisible();
  await listings.getByRole('button', { name: 'Buy 4 for $0.20' }).click();
  await expect.poll(() => ownedShares(request, cToken, contentId)).toBe(9);

  // B accepts the offer in the Hub: 2 shares to C, B paid $0.08 − fee $0.002.
  await b.reload();
  const incoming = b.getByRole('list', { name: 'Incoming offers' });
  const pending = incoming.getByRole('listitem').filter({ hasText: 'Two more, please' });
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(pending.getByText('accepted', { exact: true })).toBeVisible();
  expect(await ownedShares(request, bToken, contentId)).toBe(4);
  expect(await ownedShares(request, cToken, contentId)).toBe(11);
  // B: −10 × $0.01, + $0.20 − $0.005 fee (listing), + $0.08 − $0.002 fee (offer). C: −5 × $0.01 − $0.20 − $0.08.
  expect(await usdOf(request, bToken)).toBeCloseTo(bStart - 0.1 + 0.195 + 0.078, 4);
  expect(await usdOf(request, cToken)).toBeCloseTo(cStart - 0.05 - 0.2 - 0.08, 4);
  const bBeforeForecast = await usdOf(request, bToken);
  const cBeforeForecast = await usdOf(request, cToken);

  // B creates a forecast on the content: likes over 10 at 3x, staking $5 over.
  await b.getByRole('tab', { name: 'All Forecasts' }).click();
  await b.getByRole('button', { name: 'Create Forecast' }).click();
  const create = b.getByRole('dialog', { name: 'Create Forecast' });
  await create.getByLabel('Content', { exact: true }).selectOption({ label: title });
  await expect(create.getByLabel('Content URL')).toHaveValue('https://www.youtube.com/watch?v=e2emarket');
  await create.getByLabel('Metric').selectOption('likes');
  await create.getByLabel('Target').fill('10');
  await create.getByLabel('Odds').selectOption('3');
  await create.getByLabel('Your stake (USD)').fill('5');
  await create.getByRole('button', { name: 'Create Forecast' }).click();
  await expect(b.getByText('Forecast created', { exact: true })).toBeVisible();
  await expect(b.getByRole('article', { name: `Forecast: ${title}` })).toBeVisible();
  expect(await usdOf(request, bToken)).toBeCloseTo(bBeforeForecast - 5, 4);

  // C predicts $10 under on it, then finds it in My Predictions and opens its detail.
  await c.goto('/invest/social-forecasts');
  await c
    .getByRole('article', { name: `Forecast: ${title}` })
    .getByRole('button', { name: 'Predict' })
    .click();
  const predict = c.getByRole('dialog', { name: 'Make Your Prediction' });
  await predict.getByRole('button', { name: '$10', exact: true }).click();
  await predict.getByRole('radio', { name: 'Under' }).check();
  await expect(predict.getByText('$30.00', { exact: true })).toBeVisible();
  await predict.getByRole('button', { name: 'Place Prediction' }).click();
  await expect(c.getByText('Prediction placed', { exact: true })).toBeVisible();
  expect(await usdOf(request, cToken)).toBeCloseTo(cBeforeForecast - 10, 4);
  await c.getByRole('tab', { name: 'My Predictions' }).click();
  const mine = c.getByRole('table', { name: 'My predictions' }).getByRole('row', { name: new RegExp(title) });
  await expect(mine).toContainText('$10.00');
  await expect(mine).toContainText('$30.00');
  await mine.getByRole('link', { name: title }).click();
  await expect(c.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const participants = c.getByRole('table', { name: 'Participants' });
  await expect(participants.getByRole('row')).toHaveCount(3);
  await expect(participants).toContainText('$5.00');
  await expect(participants).toContainText('$10.00');

  // The auditor's tool replays every stream, checks the hash chains, the double entry and the projections.
  const apiFolder = path.resolve(__dirname, '../../services/api');
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
