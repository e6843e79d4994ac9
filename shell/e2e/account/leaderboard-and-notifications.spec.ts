import { expect, test } from '@playwright/test';
import { apiGet, demoToken, openSignedIn, signUpFreshUser } from './account-helpers';

test.describe('Leaderboard', () => {
  test('Today, This Week and This Month each load their own period', async ({ page, request }) => {
    const token = await demoToken(request, 'creator');
    const isLeaderboard = (period: string) => (response: { url(): string }) =>
      response.url().endsWith(`/api/leaderboard/${period}`);
    // Today is the first tab: its board loads with the page (and stays cached when the tab is chosen again).
    const daily = page.waitForResponse(isLeaderboard('daily'));
    await openSignedIn(page, token, '/leaderboard');
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Score = points × 0.25 + gems × 0.40 + keys × 0.15 + gold × 0.20')).toBeVisible();
    const checkBoard = async (tab: string, answer: Promise<{ status(): number; json(): Promise<unknown> }>) => {
      const response = await answer;
      expect(response.status()).toBe(200);
      const entries = (await response.json()) as unknown[];
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      if (entries.length === 0) {
        await expect(panel.getByRole('heading', { name: 'No Rankings Yet' })).toBeVisible();
      } else {
        await expect(panel.getByRole('list', { name: `${tab} rankings` }).getByRole('listitem')).toHaveCount(
          entries.length,
        );
        await expect(panel.getByRole('img', { name: 'First place' })).toBeVisible();
        await expect(panel.getByRole('region', { name: 'Totals' })).toContainText(`Ranked${entries.length}`);
      }
    };
    await checkBoard('Today', daily);
    for (const [tab, period] of [
      ['This Week', 'weekly'],
      ['This Month', 'monthly'],
    ] as const) {
      const answer = page.waitForResponse(isLeaderboard(period));
      await page.getByRole('tab', { name: tab }).click();
      await checkBoard(tab, answer);
    }
  });

  test('the daily board ranks someone who collected gold today', async ({ page, request }) => {
    // Claiming First Steps pays 5 gold through the ledger: the new account has a figure for today.
    const fresh = await signUpFreshUser(request, 'lb');
    // The claim is refused until the progress projection has seen the sign-up; retry until it pays.
    await expect
      .poll(
        async () =>
          (
            await request.post('/api/users/achievements/first-steps/claim', {
              headers: { Authorization: `Bearer ${fresh.token}` },
              data: {},
            })
          ).status(),
        { timeout: 15_000 },
      )
      .toBe(200);
    await expect
      .poll(
        async () =>
          (await apiGet<{ username: string }[]>(request, fresh.token, '/api/leaderboard/daily')).some(
            (entry) => entry.username === fresh.user.username,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await openSignedIn(page, fresh.token, '/leaderboard');
    const row = page
      .getByRole('list', { name: 'Today rankings' })
      .getByRole('listitem', { name: new RegExp(`: E2E lb, score `) });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText('5 gold');
  });
});

test.describe('Notifications', () => {
  test('a referral notifies the referrer: unread badge, mark all as read, and the read state persists', async ({
    page,
    request,
  }) => {
    const referrer = await signUpFreshUser(request, 'ref');
    const referred = await signUpFreshUser(request, 'new');
    const referrerCode = (await apiGet<{ referral_code: string }>(request, referrer.token, '/api/users/me'))
      .referral_code;

    // The referred user applies the code in the Referral Program, opened from their own profile.
    await openSignedIn(page, referred.token, '/profile');
    await page.getByRole('button', { name: 'Open Referral Program' }).click();
    const referralDialog = page.getByRole('dialog', { name: 'Referral Program' });
    await referralDialog.getByLabel('Referral code').fill(referrerCode.toLowerCase());
    await expect(referralDialog.getByLabel('Referral code')).toHaveValue(referrerCode);
    await referralDialog.getByRole('button', { name: 'Apply referral code' }).click();
    await expect(referralDialog.getByText('Referral Applied', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // The notifications projection follows the event log; once it has the referral, the referrer sees it in the bell.
    await expect
      .poll(
        async () =>
          (
            await apiGet<{ notifications: { title: string }[] }>(request, referrer.token, '/api/notifications')
          ).notifications.some((item) => /referral/i.test(item.title)),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.evaluate(() => localStorage.clear());
    await openSignedIn(page, referrer.token);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('button', { name: /referral/i }).first()).toBeVisible();
    await expect(panel.getByText(/just now|minute/).first()).toBeVisible();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account actions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });
});

test.describe('Search', () => {
  test('Ctrl+K opens search; two characters find people, under All and Users', async ({ page, request }) => {
    const fresh = await signUpFreshUser(request, 'srch');
    await openSignedIn(page, fresh.token);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const searched = page.waitForResponse((response) => response.url().includes('/api/search?q='));
    await dialog.getByLabel('Search content, drops and people').fill(fresh.user.username);
    expect(new URL((await searched).url()).searchParams.get('q')).toBe(fresh.user.username);
    await expect(
      dialog.getByRole('list', { name: 'Results results' }).getByRole('link', { name: 'E2E srch' }),
    ).toBeVisible();
    await dialog.getByRole('tab', { name: /^Users/ }).click();
    await dialog.getByRole('list', { name: 'Users results' }).getByRole('link', { name: 'E2E srch' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${fresh.user.username}$`));
  });
});
