import { type APIRequestContext, type Page, expect } from '@playwright/test';

export interface SignedUpUser {
  token: string;
  user: { id: string; username: string; referral_code?: string };
}

/** A fresh account through the real sign-up endpoint: its own balances, achievements and notifications. */
export async function signUpFreshUser(request: APIRequestContext, prefix: string): Promise<SignedUpUser> {
  const unique = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 30);
  const response = await request.post('/api/auth/signup', {
    data: {
      email: `${unique}@example.com`,
      password: 'correct horse battery',
      username: unique,
      display_name: `E2E ${prefix}`,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as SignedUpUser;
}

/** Signs in as a demo persona through the API (no UI) and returns its bearer token. */
export async function demoToken(
  request: APIRequestContext,
  persona: 'creator' | 'investor' | 'advertiser',
): Promise<string> {
  const response = await request.post(`/api/auth/demo/${persona}`, { data: {} });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { token: string }).token;
}

/** Opens the app signed in with a token, the way a returning visitor with a stored session arrives. */
export async function openSignedIn(page: Page, token: string, path = '/dashboard'): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(path);
  // A dialog opened by the URL hides the rest of the page from assistive technology, so look past that.
  await expect(page.getByRole('button', { name: 'Account actions', includeHidden: true })).toBeVisible();
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

export interface Balances {
  points_balance: number;
  keys_balance: number;
  gems_balance: number;
  gold_collected: number;
  user_tier: string;
  referral_code?: string;
}

export function balancesOf(request: APIRequestContext, token: string): Promise<Balances> {
  return apiGet<Balances>(request, token, '/api/users/me');
}

/** Opens one of the account modals from the header's account menu. */
export async function openAccountDialog(
  page: Page,
  item: 'Convert Currency' | 'Master Key' | 'Gold Shop' | 'Achievements' | 'Instagram Verification',
): Promise<void> {
  await page.getByRole('button', { name: 'Account actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
