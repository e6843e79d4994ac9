import { deflateSync } from 'node:zlib';
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

/** A real 1×1 PNG (the upload reads the type from the bytes). */
export function tinyPng(): Buffer {
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
