import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';
import { apiGet } from '../account/account-helpers';

// Setup and checks shared by the resale-market journeys (issue 43). Demo sandboxes deal only with each other, so every
// party is a demo persona (investors start with $1,000); setup goes through the API, the journey through the screens.

/** A browser context of its own (own local storage) signed in with a token, on `pathname`. */
export async function pageFor(browser: Browser, token: string, pathname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(pathname);
  return page;
}

export const usdOf = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ usd_balance: number }>(request, token, '/api/users/me')).usd_balance;

export const userIdOf = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ id: string }>(request, token, '/api/users/me')).id;

export async function ownedShares(request: APIRequestContext, token: string, contentId: string): Promise<number> {
  const { holdings } = await apiGet<{ holdings: { content_id: string; owned_shares: number }[] }>(
    request,
    token,
    '/api/portfolio/holdings',
  );
  return holdings.find((holding) => holding.content_id === contentId)?.owned_shares ?? 0;
}

async function post(
  request: APIRequestContext,
  token: string,
  pathname: string,
  data: object,
): Promise<Record<string, unknown>> {
  const response = await request.post(pathname, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data,
  });
  expect(response.status(), `${pathname}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** The creator publishes a post; answers its id. */
export async function publishContent(request: APIRequestContext, creatorToken: string, title: string): Promise<string> {
  const created = await post(request, creatorToken, '/api/content', {
    platform: 'youtube',
    title,
    description: `Backed in the journey "${title}"`,
    platform_url: 'https://www.youtube.com/watch?v=journey',
  });
  return created.contentId as string;
}

/** A holder buys `shares` at the market price, then lists `listed` of them at `askPrice`; answers the listing's id. */
export async function holdAndList(
  request: APIRequestContext,
  token: string,
  contentId: string,
  shares: number,
  listed: number,
  askPrice: number,
): Promise<string> {
  await post(request, token, '/api/content/buy-shares', { content_id: contentId, shares_count: shares });
  const listing = await post(request, token, '/api/shares/listings', {
    content_id: contentId,
    quantity: listed,
    ask_price: askPrice,
  });
  return listing.id as string;
}

/** The auditor's tool: replays every stream, checks hash chains, double entry and projections; must be clean. */
export function expectLedgerVerifiesOk(): void {
  const apiFolder = path.resolve(__dirname, '../../../services/api');
  const report = execFileSync('node', ['-r', '@swc-node/register', 'src/cli/ledger.ts', 'verify'], {
    cwd: apiFolder,
    env: process.env,
    encoding: 'utf8',
  });
  expect(report).toContain('OK: hash chains intact');
}
