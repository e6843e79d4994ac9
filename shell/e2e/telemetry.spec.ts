import { type APIRequestContext, expect, test } from '@playwright/test';
import { demoToken, openSignedIn } from './account/account-helpers';

const viewsOf = async (request: APIRequestContext, contentId: string) =>
  ((await (await request.get(`/api/content/${encodeURIComponent(contentId)}`)).json()) as { views_count: number })
    .views_count;

/**
 * Telemetry in the composed app: opening a content page sends a view (the platform tracker's 3-second batch), and a
 * page closed before its batch went out still delivers it (sendBeacon on page hide); the item's views_count shows both.
 */
test('content views arrive from the tracker, and by beacon when the page closes first', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const creatorToken = await demoToken(request, 'creator');
  const viewerToken = await demoToken(request, 'investor');
  const created = await request.post('/api/content', {
    headers: { Authorization: `Bearer ${creatorToken}` },
    data: {
      platform: 'tiktok',
      title: `E2E views ${Date.now().toString(36)}`,
      description: 'Counted by telemetry',
      platform_url: 'https://www.tiktok.com/@e2e/video/7',
      total_shares: 100,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contentId = ((await created.json()) as { contentId: string }).contentId;
  expect(await viewsOf(request, contentId)).toBe(0);

  // A visit that stays: the batch goes out on the 3-second flush.
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent = page.waitForRequest(
    (candidate) =>
      candidate.url().includes('/api/telemetry?batch_id=') &&
      (candidate.postData() ?? '').includes('"event_type":"view"'),
  );
  await openSignedIn(page, viewerToken, `/content/${encodeURIComponent(contentId)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const batch = (await sent).postDataJSON() as Array<{ event_type: string; payload: Record<string, unknown> }>;
  expect(batch).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event_type: 'view', payload: { target_type: 'content', target_id: contentId } }),
    ]),
  );
  await expect.poll(() => viewsOf(request, contentId), { timeout: 20_000 }).toBe(1);

  // A visit closed at once: its view leaves by beacon when the page is hidden.
  const second = await context.newPage();
  await second.goto(`/content/${encodeURIComponent(contentId)}`);
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await second.close({ runBeforeUnload: true });
  await expect.poll(() => viewsOf(request, contentId), { timeout: 20_000 }).toBe(2);
  await context.close();
});
