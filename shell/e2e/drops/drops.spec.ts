import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { apiGet, balancesOf, demoToken, openAccountDialog } from '../account/account-helpers';
import { tinyPng } from '../helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown = {}): Promise<T> {
  const response = await request.post(url, { headers: bearer(token), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A page of its own (own local storage) signed in with a token. */
async function pageFor(browser: Browser, token: string, pathname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(pathname);
  return page;
}

/**
 * The whole drop path in the composed app: an advertiser creates a paid drop (its gem pool leaves their gems); a new
 * user completes today's proof drops, activates the Master Key, applies (spending a key), is approved, submits work,
 * is completed and paid from the pool. Every balance moves by exactly the amounts, and `ledger verify` is clean.
 */
test('advertiser funds a paid drop; a user earns the Master Key, applies, submits and is paid from the pool', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const advertiserToken = await demoToken(request, 'advertiser');
  // Paid drops need a paid plan (spec 3 §6): the demo advertiser upgrades with gems through the shop.
  const upgrade = await request.post('/api/users/upgrade-tier', {
    headers: bearer(advertiserToken),
    data: { target_tier: 'premium', payment_method: 'gems' },
  });
  expect([200, 422]).toContain(upgrade.status());
  // Every demo login is its own sandbox, and sandboxes take part only in demo drops: the applicant is a demo creator.
  const user = { token: await demoToken(request, 'creator') };

  // Today's proof drops, completed over the API, so the Master Key can be activated.
  const status = await apiGet<{ proof_drops_required: number }>(request, user.token, '/api/users/master-key-status');
  for (let index = 0; index < status.proof_drops_required; index += 1) {
    const proof = await post<{ id: string }>(request, advertiserToken, '/api/drops', {
      title: `E2E proof ${index}`,
      description: 'Follow our page',
      kind: 'proof',
    });
    const application = await post<{ id: string }>(request, user.token, `/api/drops/${proof.id}/apply`, {
      application_message: 'Done it',
    });
    await post(request, advertiserToken, `/api/drop-applications/${application.id}/approve`);
    await post(request, user.token, `/api/drop-applications/${application.id}/submit`, {
      submission_type: 'text',
      submission_data: 'followed',
    });
    await post(request, advertiserToken, `/api/drop-applications/${application.id}/complete`, { review_score: 8 });
  }

  // The advertiser creates the paid drop in the create-drop modal.
  const advertiserBefore = await balancesOf(request, advertiserToken);
  const advertiser = await pageFor(browser, advertiserToken, '/earn?create=paid');
  const create = advertiser.getByRole('dialog', { name: 'Create Drop' });
  await expect(create.getByLabel('Key cost')).toHaveValue('1');
  await create.getByLabel('Title', { exact: true }).fill('E2E headphone review');
  await create.getByLabel('Description', { exact: true }).fill('Write an honest review of our headphones');
  await create.getByLabel('Gem pool').fill('80');
  await create.getByLabel('Max participants').fill('3');
  await create
    .getByLabel('Image file')
    .setInputFiles({ name: 'headphones.png', mimeType: 'image/png', buffer: tinyPng() });
  await create.getByRole('button', { name: 'Create Drop' }).click();
  await expect(advertiser).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  const dropId = advertiser.url().split('/task/')[1];
  await expect(advertiser.getByRole('heading', { name: 'E2E headphone review', level: 1 })).toBeVisible();
  // The uploaded preview is the drop's image, served from the API.
  const preview = advertiser.getByRole('img', { name: 'E2E headphone review' });
  await expect(preview).toHaveAttribute('src', /^\/api\/images\//);
  const served = await request.get((await preview.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(tinyPng())).toBe(true);
  expect((await balancesOf(request, advertiserToken)).gems_balance).toBeCloseTo(advertiserBefore.gems_balance - 80, 6);

  // The user activates the Master Key and applies in the drop detail page.
  const userPage = await pageFor(browser, user.token, '/dashboard');
  await expect(userPage.getByRole('button', { name: 'Account actions' })).toBeVisible();
  await openAccountDialog(userPage, 'Master Key');
  await userPage.getByRole('button', { name: 'Activate Master Key' }).click();
  await expect(userPage.getByText('Activated for today').first()).toBeVisible();
  await userPage.keyboard.press('Escape');
  const userBefore = await balancesOf(request, user.token);
  await userPage.goto(`/task/${dropId}`);
  await expect(userPage.getByText(/Activated for today/)).toBeVisible();
  await userPage.getByLabel('Application message').fill('I review audio gear every week');
  await userPage.getByRole('button', { name: 'Apply Now' }).click();
  await expect(userPage.getByRole('heading', { name: 'Your Application' })).toBeVisible();
  expect((await balancesOf(request, user.token)).keys_balance).toBe(userBefore.keys_balance - 1);

  // The advertiser approves in the review screen.
  await advertiser.reload();
  const row = advertiser.getByRole('listitem', { name: /^Application from / });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByText('approved')).toBeVisible();

  // The user submits the work.
  await userPage.reload();
  await expect(userPage.getByText('Submission Required')).toBeVisible();
  await userPage.getByRole('button', { name: 'Submit Work' }).click();
  const submit = userPage.getByRole('dialog', { name: 'Submit Your Work' });
  await submit.getByLabel('Submission URL').fill('https://example.com/my-review');
  await submit.getByRole('button', { name: 'Submit Work' }).click();
  await expect(userPage.getByText(/under review/)).toBeVisible();

  // The advertiser completes it with a score; the user is paid the reward from the pool.
  await advertiser.reload();
  await row.getByLabel('Review score').selectOption('9');
  await row.getByRole('button', { name: 'Complete and Pay' }).click();
  await expect(row.getByText('Paid 50 gems · score 9/10')).toBeVisible();
  await userPage.reload();
  await expect(userPage.getByText(/Earned 50 gems/)).toBeVisible();

  const userAfter = await balancesOf(request, user.token);
  expect(userAfter.gems_balance).toBeCloseTo(userBefore.gems_balance + 50, 6);
  expect(userAfter.keys_balance).toBe(userBefore.keys_balance - 1);
  const drop = await apiGet<{ gem_pool_remaining: number; gems_paid: number; current_participants: number }>(
    request,
    advertiserToken,
    `/api/drops/${dropId}`,
  );
  expect(drop).toMatchObject({ gem_pool_remaining: 30, gems_paid: 50, current_participants: 1 });

  // Closing the drop returns the 30 gems left: the advertiser is down exactly the 50 paid out.
  await post(request, advertiserToken, `/api/drops/${dropId}/complete`);
  expect((await balancesOf(request, advertiserToken)).gems_balance).toBeCloseTo(advertiserBefore.gems_balance - 50, 6);

  // The auditor's tool replays every stream, checks the hash chains, the double entry and the projections.
  const apiFolder = path.resolve(__dirname, '../../../services/api');
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
});
