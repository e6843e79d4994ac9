import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { balancesOf, demoToken, openSignedIn, signUpFreshUser } from '../account/account-helpers';

const apiFolder = path.resolve(__dirname, '../../../services/api');

/** One SQL statement on the database the API under test uses (DATABASE_URL), through the API workspace's `pg`. */
function sql(statement: string): void {
  const script =
    "const pg = require('pg'); const client = new pg.Client({ connectionString: process.env.DATABASE_URL }); client.connect().then(() => client.query(process.argv[1])).then(() => client.end(), (error) => { console.error(error.message); process.exit(1); });";
  execFileSync('node', ['-e', script, statement], { cwd: apiFolder, env: process.env, encoding: 'utf8' });
}

/**
 * The ops console in the composed app: a non-administrator gets the 403 screen; an administrator (granted with the
 * operators' CLI, as in production) verifies the ledger with live progress, rebuilds a projection and follows it to
 * the swap, retries a payout job that failed for real, and opens the verification queues. Needs DATABASE_URL for the CLI to reach the database the API uses.
 */
test('the ops console: 403 for others; verify with progress, rebuild with progress, a failed job retried, verifications for an administrator', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const visitor = await browser.newPage();
  await openSignedIn(visitor, await demoToken(request, 'creator'), '/admin');
  await expect(visitor.getByRole('heading', { name: '403: administrators only' })).toBeVisible();
  await expect(visitor.getByRole('tab', { name: 'Ledger' })).toHaveCount(0);

  const stamp = Date.now().toString(36);
  const email = `opsadmin${stamp}@example.com`;
  const signUp = await request.post('/api/auth/signup', {
    data: { email, password: 'correct horse battery', username: `ops${stamp}`, display_name: 'E2E operator' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  execFileSync('node', ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', email], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });

  const page = await browser.newPage();
  await openSignedIn(page, token, '/admin');
  await expect(page.getByRole('heading', { name: 'Ops console' })).toBeVisible();
  // Verify runs in the background: the console follows its progress (events and streams checked of the total).
  await page.getByRole('button', { name: 'Run verification' }).click();
  const progress = page.getByRole('status', { name: 'Verification progress' });
  await expect(progress).toContainText(/\d+ of \d+ events checked, \d+ streams/, { timeout: 30_000 });
  const report = page.getByRole('region', { name: 'Verification report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText('Ledger consistent')).toBeVisible();
  await expect(progress).toContainText(/\b(\d+) of \1 events checked/);

  await page.getByRole('tab', { name: 'Projections' }).click();
  const row = page.getByRole('row', { name: 'leaderboard' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Rebuild leaderboard' }).click();
  // Running, the row shows a progress bar; done, the time and the events it folded.
  await expect(row.getByText(/Rebuilt .* \(\d+ events\)/)).toBeVisible({ timeout: 60_000 });

  // A job that fails for real: a withdrawal whose payout cannot be recorded (the test blocks the `withdrawals` row from
  // becoming processed with a constraint), so all five attempts of its payout job fail. Unblocked, a retry from the
  // console runs it again: it succeeds and leaves the failed list, and the withdrawal is processed.
  const payer = await signUpFreshUser(request, 'opsjob');
  const auth = { Authorization: `Bearer ${payer.token}` };
  const checkout = await request.post('/api/payments/create-checkout-session', {
    headers: auth,
    data: { package_id: 'ultimate' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { session_id: sessionId } = (await checkout.json()) as { session_id: string };
  const paid = await request.post(`/api/payments/local/sessions/${sessionId}/pay`, {
    form: { name: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect.poll(async () => (await balancesOf(request, payer.token)).gems_balance, { timeout: 30_000 }).toBe(250);
  sql(`ALTER TABLE withdrawals ADD CONSTRAINT e2e_payouts_blocked CHECK (status <> 'processed') NOT VALID`);
  let withdrawalId = '';
  try {
    const requested = await request.post('/api/withdrawal/request', {
      headers: auth,
      data: { amount: 200, payment_method: 'paypal', payment_details: { email_address: 'ada@example.com' } },
    });
    expect(requested.status(), await requested.text()).toBe(200);
    withdrawalId = ((await requested.json()) as { withdrawal: { id: string } }).withdrawal.id;
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await expect(page.getByRole('heading', { name: 'Failed jobs', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the queue board' })).toHaveAttribute('href', '/api/admin/queues');
    // Five attempts with backoff (1 + 2 + 4 + 8 s), then the list (polled every 5 s) shows it.
    const failedJob = page.getByRole('listitem').filter({ hasText: 'withdrawals.payout' });
    await expect(failedJob).toBeVisible({ timeout: 60_000 });
    await expect(failedJob).toContainText('5 attempt(s)');
  } finally {
    sql('ALTER TABLE withdrawals DROP CONSTRAINT IF EXISTS e2e_payouts_blocked');
  }
  const failedJob = page.getByRole('listitem').filter({ hasText: 'withdrawals.payout' });
  await failedJob.getByRole('button', { name: /^Retry / }).click();
  await expect(failedJob).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/withdrawal/requests', { headers: auth })).json()) as {
            withdrawals: Array<{ id: string; status: string }>;
          }
        ).withdrawals.find((row) => row.id === withdrawalId)?.status,
      { timeout: 30_000 },
    )
    .toBe('processed');

  // The ledger is still consistent after the retried payout.
  await page.getByRole('tab', { name: 'Ledger' }).click();
  await page.getByRole('button', { name: 'Run verification' }).click();
  await expect(page.getByRole('region', { name: 'Verification report' }).getByText('Ledger consistent')).toBeVisible({
    timeout: 60_000,
  });

  await page.getByRole('tab', { name: 'Verifications' }).click();
  await expect(page.getByRole('heading', { name: 'Instagram accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Influence followers' })).toBeVisible();
});
