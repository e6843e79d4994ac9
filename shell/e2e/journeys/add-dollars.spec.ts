import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { watchForErrors } from '../helpers';
import { apiGet, openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/** The local provider's hosted checkout page: the test card pays. */
async function payWithTestCard(page: Page, amount: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/**
 * Issue 43, "dollars in, from where they are needed": a brand-new account at $0 (no USD card, spec 3) finds Add funds
 * on the wallet, pays $25 with the test card on the provider's checkout, comes back to the wallet and sees $25.00.
 * Then a dollar-spending dialog (Create Forecast) asked for more than that says so and offers Add funds; paying the
 * $15 it suggests returns to the same page, which shows what arrived and the new balance, and the dialog no longer
 * asks. `ledger verify` is clean afterwards.
 */
test('a new user adds dollars from the wallet and from a dialog short of funds, returning where they were; ledger verify OK', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  const fresh = await signUpFreshUser(request, 'usd');
  const usdOf = async () => (await apiGet<{ usd_balance: number }>(request, fresh.token, '/api/users/me')).usd_balance;
  await openSignedIn(page, fresh.token, '/wallet');
  await expect(page.getByRole('region', { name: 'Gems balance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'USD balance' })).toHaveCount(0);

  // From the wallet at $0.
  await page.getByRole('link', { name: 'Add funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
  await addFunds.getByLabel('Amount in US dollars').fill('25');
  await addFunds.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithTestCard(page, '$25.00');

  await expect(page).toHaveURL(/\/wallet\?checkout=/, { timeout: 20_000 });
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment).toContainText('were added to your USD wallet', { timeout: 30_000 });
  await expect(payment).toContainText('$25.00');
  await payment.getByRole('button', { name: 'Back to Wallet' }).click();
  await expect(page.getByRole('region', { name: 'USD balance' }).getByText('$25.00', { exact: true })).toBeVisible();
  expect(await usdOf()).toBe(25);

  // From a dialog that spends dollars, short of funds.
  await page.goto('/invest/social-forecasts');
  await page.getByRole('tab', { name: 'All Forecasts' }).click();
  await page.getByRole('button', { name: 'Create Forecast' }).click();
  let create = page.getByRole('dialog', { name: 'Create Forecast' });
  await create.getByLabel('Your stake (USD)').fill('40');
  const short = create.getByRole('alert', { name: 'Not enough dollars' });
  await expect(short).toContainText('Your USD balance is $25.00; this needs $40.00.');
  await short.getByRole('button', { name: 'Add funds' }).click();
  await expect(short.getByLabel('Amount in US dollars')).toHaveValue('15.00');
  await short.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithTestCard(page, '$15.00');

  // Back where the person was, with what arrived and the new balance.
  await expect(page).toHaveURL(/\/invest\/social-forecasts\?checkout=/, { timeout: 20_000 });
  const notice = page.getByRole('status', { name: 'Payment' });
  await expect(notice).toContainText('$15.00 added to your wallet. Your USD balance is now $40.00.', {
    timeout: 30_000,
  });
  expect(await usdOf()).toBe(40);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/invest\/social-forecasts$/);
  await page.getByRole('tab', { name: 'All Forecasts' }).click();
  await page.getByRole('button', { name: 'Create Forecast' }).click();
  create = page.getByRole('dialog', { name: 'Create Forecast' });
  await expect(create).toContainText('You have $40.00.');
  await create.getByLabel('Your stake (USD)').fill('40');
  await expect(create.getByRole('alert', { name: 'Not enough dollars' })).toHaveCount(0);
  expect(errors.pageErrors).toEqual([]);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
