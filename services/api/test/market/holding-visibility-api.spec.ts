import type { IdentityTestApp } from '../identity/support';
import { auth, givenContent, givenFunds, givenUser, marketVerbs, startMarketApp, type TestUser } from './support';

describe('holding visibility API', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let holder: TestUser;
  let stranger: TestUser;
  let contentId: string;
  const market = marketVerbs(() => testApp);
  const setVisibility = (user: TestUser, id: string, body: unknown) =>
    testApp
      .http()
      .put(`/api/portfolio/holdings/${id}/visibility`)
      .set(auth(user.token))
      .send(body as object);

  beforeAll(async () => {
    testApp = await startMarketApp('market_visibility');
    creator = await givenUser(testApp);
    holder = await givenUser(testApp);
    stranger = await givenUser(testApp);
    await givenFunds(testApp, holder.user.id, 'usd', '10');
    contentId = await givenContent(testApp, creator);
    await market.buy(holder, contentId, 5).expect(200);
  });
  afterAll(() => testApp?.close());

  const publicIds = async (viewer: TestUser, of: TestUser) =>
    ((await market.holdings(viewer, of.user.id).expect(200)).body.holdings as Array<{ content_id: string }>).map(
      (holding) => holding.content_id,
    );

  it('hides a private holding from everyone else, keeps it in the owner’s own list, and shows it again when public', async () => {
    expect(await publicIds(stranger, holder)).toEqual([contentId]);
    await setVisibility(holder, contentId, { visibility: 'private' }).expect(200, {
      content_id: contentId,
      visibility: 'private',
    });
    expect(await publicIds(stranger, holder)).toEqual([]);
    const own = (await market.holdings(holder).expect(200)).body.holdings;
    expect(own).toEqual([expect.objectContaining({ content_id: contentId, visibility: 'private' })]);
    // The same choice twice answers the same.
    await setVisibility(holder, contentId, { visibility: 'private' }).expect(200, {
      content_id: contentId,
      visibility: 'private',
    });
    await setVisibility(holder, contentId, { visibility: 'public' }).expect(200);
    expect(await publicIds(stranger, holder)).toEqual([contentId]);
  });

  it('refuses a non-holder (404), bad values (400) and anonymous callers (401), changing nothing', async () => {
    expect((await setVisibility(stranger, contentId, { visibility: 'private' }).expect(404)).body).toMatchObject({
      code: 'HOLDING_NOT_FOUND',
      error: 'Holding not found.',
    });
    expect((await setVisibility(holder, contentId, { visibility: 'secret' }).expect(400)).body.field_errors).toEqual([
      { field: 'visibility', message: 'Visibility must be public or private' },
    ]);
    await testApp
      .http()
      .put(`/api/portfolio/holdings/${contentId}/visibility`)
      .send({ visibility: 'private' })
      .expect(401);
    expect(await publicIds(stranger, holder)).toEqual([contentId]);
  });
});
