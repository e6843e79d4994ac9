import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn, signUpFreshUser } from './account/account-helpers';
import { watchForErrors } from './helpers';

/** A real 1×1 PNG (the upload reads the type from the bytes). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
