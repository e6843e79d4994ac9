import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { signInAsDemo } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('landing, auth and dashboard have no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Complete Tasks' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await signInAsDemo(page, 'creator');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
