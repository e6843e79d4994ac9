import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { watchForErrors } from '../helpers';
import { balancesOf, openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/**
 * Issue 43 journey "a creator withdraws 200 gems through the wallet's wizard" (moved here from e2e/wallet/wallet-money.spec.ts).
 * Money in and out through the wallet (issue 23): a real account (demo sandboxes cannot pay or withdraw) buys the
 * Ultimate package (210 + 40 bonus gems) on the local provider's hosted checkout page, comes back to the wallet and
 * sees the gems arrive; then withdraws 200 of them through the four-step wizard, sees them held, and sees the payout
 * processed. `ledger verify` is clean afterwards.
 */
test('buy gems through the local checkout, withdraw 200 through the wizard: held, then processed; ledger verify OK', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  const fresh = await signUpFreshUser(request, 'wal');
  await openSignedIn(page, fresh.token, '/wallet');
  const gemsCard = page.getByRole('region', { name: 'Gems balance' });
  await expect(gemsCard.getByRole('button', { name: 'Withdraw' })).toBeDisabled();

  // The Gem Store lists the server's catalogue; buying sends the browser to the provider's checkout page.
  await gemsCard.getByRole('button', { name: 'Buy More' }).click();
  const store = page.getByRole('dialog', { name: 'Gem Store' });
  await store.getByRole('button', { name: 'Buy 250 gems' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('$275.00').first()).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $275.00' }).click();

  // Back in the wallet: the return page waits for the signed webhook's credit and shows it.
  await expect(page).toHaveURL(/\/wallet\?checkout=/, { timeout: 20_000 });
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment).toContainText('250 gems', { timeout: 30_000 });
  await expect(payment).toContainText('were added to your wallet for $275.00');
  await payment.getByRole('button', { name: 'Back to Wallet' }).click();
  await expect(gemsCard.getByText('250', { exact: true })).toBeVisible();
  expect((await balancesOf(request, fresh.token)).gems_balance).toBe(250);

  // Withdraw 200 gems: amount (200 is preset), method, details, confirm with the method's fee.
  await gemsCard.getByRole('button', { name: 'Withdraw' }).click();
  const wizard = page.getByRole('dialog', { name: 'Withdraw Gems' });
  await expect(wizard.getByLabel('Gems to withdraw')).toHaveValue('200');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: /PayPal/ }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('E-mail address').fill('ada@example.com');
  await wizard.getByRole('button', { name: 'Next' }).click();
  const summary = wizard.getByLabel('Withdrawal summary');
  await expect(summary).toContainText('Fee (2.5%)');
  await expect(summary).toContainText('5 gems');
  await expect(summary).toContainText('195 gems');
  await wizard.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  // The server's answer: the gems are held at once, the withdrawal pending.
  const requested = wizard.getByRole('status');
  await expect(requested).toContainText(
    'Withdrawal requested. 200 gems are on hold; 195 gems are paid out after a 5 gem fee.',
  );
  await expect(requested.getByText('pending')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();

  // The history shows the withdrawal ONCE: its hold's row, pending, then processed once the payout job ran.
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByLabel('Currency').selectOption('gems');
  await page.getByLabel('Type').selectOption('withdrawal');
  const history = page.getByRole('list', { name: 'Transactions' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText('−200 Gems');
  await expect(async () => {
    // The list refreshes on a tab change: flip away and back until the payout is in.
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Type').selectOption('withdrawal');
    await expect(history.getByRole('listitem').filter({ hasText: 'Withdrawal via paypal (fee 2.5%)' })).toContainText(
      'processed',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByText('Gem purchase')).toHaveCount(0);

  // The withdrawals list says processed, and 50 gems are left.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('list', { name: 'Withdrawals' }).getByText('processed')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await balancesOf(request, fresh.token)).gems_balance, { timeout: 30_000 }).toBe(50);
  await expect(gemsCard.getByText('50', { exact: true })).toBeVisible();
  await expect(gemsCard.getByText(/on hold/)).toHaveCount(0);
  expect(errors.pageErrors).toEqual([]);

  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
