import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn, signUpFreshUser } from './account/account-helpers';
import { tinyPng, watchForErrors } from './helpers';

/**
 * Issue 25 (spec 3 §2, §5): a new user opens /advertiser, is offered Become an Advertiser, converts on the onboarding
 * page (the session keeps working with the token handed back), lands on their real dashboard and sets up a brand with
 * an uploaded logo, which the dashboard's header shows.
 */
test('a new user becomes an advertiser and sets up a brand with a logo', async ({ page, request }) => {
  const errors = watchForErrors(page);
  const fresh = await signUpFreshUser(request, 'adv');
  await openSignedIn(page, fresh.token, '/advertiser');
  await expect(page.getByRole('heading', { name: 'Become an Advertiser' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Become an Advertiser' }).click();
  await expect(page).toHaveURL(/\/advertiser\/onboarding$/);
  await expect(page.getByRole('region', { name: 'Plans' }).getByText('proof drops only')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Become an Advertiser' }).click();
  await expect(page).toHaveURL(/\/advertiser#converted$/);
  await expect(page.getByRole('heading', { name: 'Advertiser Dashboard' })).toBeVisible();
  await expect(page.getByText('No drops yet')).toBeVisible();
  await expect(page.getByText('Monthly allocation')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Proof Drop' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Paid Drop' })).toHaveCount(0);
  const profile = await apiGet<{ user?: { user_type: string }; user_type?: string }>(
    request,
    fresh.token,
    '/api/auth/profile',
  );
  expect(profile.user?.user_type ?? profile.user_type).toBe('advertiser');

  await page.getByRole('button', { name: 'Set Up Brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Brand Profile' });
  await dialog.getByRole('button', { name: 'Save Brand' }).click();
  await expect(dialog.getByText('Brand name is required')).toBeVisible();
  await dialog.getByLabel('Brand name').fill('Acme E2E');
  await dialog.getByLabel('Website').fill('https://acme.example');
  await dialog.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(dialog.getByRole('img', { name: 'Brand logo preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Brand' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Acme E2E' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Acme E2E logo' })).toBeVisible();
  expect(errors.pageErrors).toEqual([]);
});
