import { expect, test } from '@playwright/test';
import { signInAsDemo, watchForErrors } from './helpers';

test.describe('the shell', () => {
  test('the landing page offers sign-in and demo logins to visitors', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Earn rewards');
    await expect(page.getByRole('button', { name: 'Demo Investor' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Supported platforms' })).toContainText('TikTok');
    await expect(page.getByRole('heading', { name: 'Complete Tasks' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(errors.pageErrors).toEqual([]);
  });

  test('demo sign-in lands on the dashboard with the balances from the API', async ({ page }) => {
    const errors = watchForErrors(page);
    await signInAsDemo(page, 'creator');
    await expect(page.getByRole('heading', { name: /Welcome back, Demo Creator/ })).toBeVisible();
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await response.json()) as { points_balance: number };
    });
    await expect(page.getByTestId('balance-points_balance')).toHaveText(
      new Intl.NumberFormat('en-US').format(me.points_balance),
    );
    expect(errors.pageErrors).toEqual([]);
  });

  test('a protected route redirects to /auth and comes back after sign-in', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Demo Investor' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'This Week' })).toBeVisible();
  });

  test('/home goes to /dashboard, unknown paths show Page Not Found', async ({ page }) => {
    await signInAsDemo(page, 'creator');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText('The page you are looking for might have been removed or is temporarily unavailable.'),
    ).toBeVisible();
  });

  test('/profile redirects to the own profile, keeping the query', async ({ page }) => {
    await signInAsDemo(page, 'creator');
    await page.goto('/profile?tab=about');
    // Every demo login is a fresh sandbox with a generated username (demo_creator_<10 hex>).
    await expect(page).toHaveURL(/\/profile\/demo_creator_[0-9a-f]{10}\?tab=about$/);
    await expect(page.getByRole('heading', { name: 'Demo Creator' })).toBeVisible();
  });

  test('a signed-in first page asks for the session and its balances once, from index.html', async ({ page }) => {
    const errors = watchForErrors(page);
    await signInAsDemo(page, 'investor');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Points balance' }).getByText('5,000', { exact: true }),
    ).toBeVisible();
    // index.html asked (before main.js ran), and the API client took its answers instead of asking again.
    const early = ['/api/auth/profile', '/api/users/me', '/api/users/wallets'];
    for (const path of early) expect(asked.filter((seen) => seen === path)).toHaveLength(1);
    const adopted = await page.evaluate(() => {
      const responses = (window as { __appEarlyRequests?: { responses: Record<string, unknown> } }).__appEarlyRequests
        ?.responses;
      return responses ? Object.entries(responses).map(([url, answer]) => [url, answer === undefined]) : null;
    });
    expect(adopted).toEqual(early.map((path) => [path, true]));
    expect(errors.pageErrors).toEqual([]);
  });

  test('an expired session signs out and goes to /auth?expired=1', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('authToken', 'expired-or-forged-token'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?expired=1$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('the auth screen toggles modes clearing fields, shows the password, and reports bad credentials', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('form', { name: 'Sign In' }).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to sign in. Please check your credentials.');
    await page.getByRole('button', { name: 'Create Account', pressed: false }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a new account can be created and lands on the dashboard', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create Account', pressed: false }).click();
    await page.getByLabel('Email').fill(`e2e-${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password-42');
    await page.getByLabel('Username').fill(`e2e_${suffix}`);
    await page.getByRole('form', { name: 'Create Account' }).getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, e2e_${suffix}` })).toBeVisible();
  });

  test('the callback route finishes sign-in, or goes back to /auth without a session', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/auth$/);
    await signInAsDemo(page, 'creator');
    await page.goto('/oauth/callback');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the header: Ctrl+K search, wallet total, user menu, notifications', async ({ page }) => {
    await signInAsDemo(page, 'advertiser');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);

    const me = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await response.json()) as Record<string, number>;
    });
    const total = me.points_balance + me.keys_balance + me.gems_balance + me.gold_collected;
    await expect(
      page.getByRole('button', {
        name: `Wallet, total ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(total)}`,
      }),
    ).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Advertiser Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Upgrade Tier' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Demo Creator' })).toBeVisible();
  });

  test('mobile: bottom bar and a side menu that Escape closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAsDemo(page, 'creator');
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await expect(bar.getByRole('link', { name: 'Earn' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await bar.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });

  test("the error page shows an 'ERR-' reference with copy, Try Again and Back to Home", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(
      `/error?code=PAYMENT_FAILED&data=${encodeURIComponent(JSON.stringify({ component: 'payment', message: 'Card declined' }))}`,
    );
    await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
    await expect(page.getByText('Your card was not charged.', { exact: false })).toBeVisible();
    const reference = page.getByTestId('error-reference');
    await expect(reference).toHaveText(/^ERR-[0-9A-F]{8}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });
});
