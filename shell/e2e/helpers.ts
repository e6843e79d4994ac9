import { type Page, expect } from '@playwright/test';

export type Persona = 'creator' | 'investor' | 'advertiser';

/** Signs in through the auth screen's demo button, the way a visitor would. */
export async function signInAsDemo(page: Page, persona: Persona): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: `Demo ${persona.charAt(0).toUpperCase()}${persona.slice(1)}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Collects uncaught page errors and console errors, to assert a screen rendered cleanly. */
export function watchForErrors(page: Page): { pageErrors: string[]; consoleErrors: string[] } {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { pageErrors, consoleErrors };
}
