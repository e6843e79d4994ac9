import type { IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser, startContentApp, type TestUser } from './support';

describe('content comments API', () => {
  let testApp: IdentityTestApp;
  let owner: TestUser;
  let author: TestUser;
  let stranger: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startContentApp();
    [owner, author, stranger] = [await givenUser(testApp), await givenUser(testApp), await givenUser(testApp)];
    contentId = (await testApp.http().post('/api/content').set(auth(owner.token)).send(contentForm()).expect(201)).body
      .contentId;
  }, 120_000);
  afterAll(() => testApp?.close());

  const comment = (user: TestUser, body: Record<string, unknown>, id = contentId) =>
    testApp.http().post(`/api/content/${id}/comments`).set(auth(user.token)).send(body);

  it('posts comments and one level of replies, listed pinned first then newest, replies oldest first', async () => {
    const first = (await comment(author, { comment_text: '  First!  ' }).expect(201)).body;
    expect(first).toMatchObject({
      content_id: contentId,
      user_id: author.user.id,
      user_username: author.user.username,
      comment_text: 'First!',
      parent_comment_id: null,
      is_pinned: false,
      likes_count: 0,
      has_liked: false,
      replies: [],
    });
    const second = (await comment(stranger, { comment_text: 'Second', parent_comment_id: null }).expect(201)).body;
    const replyA = (await comment(owner, { comment_text: 'Thanks', parent_comment_id: first.id }).expect(201)).body;
    const replyB = (await comment(stranger, { comment_text: 'Agreed', parent_comment_id: first.id }).expect(201)).body;
    expect(replyA.parent_comment_id).toBe(first.id);

    const depth = await comment(author, { comment_text: 'Deeper', parent_comment_id: replyA.id }).expect(422);
    expect(depth.body.error).toBe('Replies can only be made to top-level comments');
    await comment(author, { comment_text: 'Orphan', parent_comment_id: '00000000-0000-4000-8000-000000000000' }).expect(
      404,
    );

    let list = (await testApp.http().get(`/api/content/${contentId}/comments`).expect(200)).body;
    expect(list.map((entry: { id: string }) => entry.id)).toEqual([second.id, first.id]);
    expect(list[1].replies.map((entry: { id: string }) => entry.id)).toEqual([replyA.id, replyB.id]);

    await testApp.http().post(`/api/content/comments/${first.id}/pin`).set(auth(owner.token)).expect(200);
    list = (await testApp.http().get(`/api/content/${contentId}/comments`).expect(200)).body;
    expect(list.map((entry: { id: string; is_pinned: boolean }) => [entry.id, entry.is_pinned])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.comments_count).toBe(4);
  });

  it('refuses a blank comment and a visitor, and changes nothing', async () => {
    const before = (await testApp.http().get(`/api/content/${contentId}/comments`).expect(200)).body.length;
    const blank = await comment(author, { comment_text: '   ' }).expect(400);
    expect(blank.body.field_errors).toEqual([{ field: 'comment_text', message: 'Comment cannot be empty' }]);
    await testApp.http().post(`/api/content/${contentId}/comments`).send({ comment_text: 'Hi' }).expect(401);
    await comment(author, { comment_text: 'Hi' }, '00000000-0000-4000-8000-000000000000').expect(404);
    expect((await testApp.http().get(`/api/content/${contentId}/comments`).expect(200)).body).toHaveLength(before);
  });

  it('lets only the content owner pin', async () => {
    const target = (await comment(author, { comment_text: 'Pin me' }).expect(201)).body;
    const refused = await testApp
      .http()
      .post(`/api/content/comments/${target.id}/pin`)
      .set(auth(author.token))
      .expect(403);
    expect(refused.body.error).toBe('Only the content owner can pin comments');
    expect(
      (await testApp.http().post(`/api/content/comments/${target.id}/pin`).set(auth(owner.token)).expect(200)).body
        .is_pinned,
    ).toBe(true);
    await testApp.http().post(`/api/content/comments/${target.id}/pin`).set(auth(owner.token)).expect(409);
  });

  it('counts a like once per user: 20 users × 2 parallel likes → exactly 20', async () => {
    const target = (await comment(author, { comment_text: 'Like me' }).expect(201)).body;
    const fans = await Promise.all(Array.from({ length: 20 }, () => givenUser(testApp)));
    const answers = await Promise.all(
      fans.flatMap((fan) =>
        [0, 1].map(() => testApp.http().post(`/api/content/comments/${target.id}/like`).set(auth(fan.token))),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe('You have already liked this comment');
    const listed = (
      await testApp.http().get(`/api/content/${contentId}/comments`).set(auth(fans[0]!.token)).expect(200)
    ).body;
    const entry = listed.find((item: { id: string }) => item.id === target.id);
    expect(entry).toMatchObject({ likes_count: 20, has_liked: true });
    expect(listed.find((item: { id: string }) => item.id !== target.id)?.has_liked).toBe(false);
  });

  it('lets the author or the content owner delete a comment (with its replies), nobody else', async () => {
    const byAuthor = (await comment(author, { comment_text: 'Mine' }).expect(201)).body;
    const reply = (await comment(stranger, { comment_text: 'Reply', parent_comment_id: byAuthor.id }).expect(201)).body;
    const countBefore = (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.comments_count;
    const refused = await testApp
      .http()
      .delete(`/api/content/comments/${byAuthor.id}`)
      .set(auth(stranger.token))
      .expect(403);
    expect(refused.body.error).toBe('Only the comment author or the content owner can delete this comment');
    await testApp
      .http()
      .delete(`/api/content/comments/${byAuthor.id}`)
      .set(auth(author.token))
      .expect(200, { success: true, id: byAuthor.id });
    const list = (await testApp.http().get(`/api/content/${contentId}/comments`).expect(200)).body;
    expect(list.map((entry: { id: string }) => entry.id)).not.toContain(byAuthor.id);
    expect((await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.comments_count).toBe(
      countBefore - 2,
    );
    await testApp.http().post(`/api/content/comments/${reply.id}/like`).set(auth(owner.token)).expect(200);

    const other = (await comment(stranger, { comment_text: 'Spam' }).expect(201)).body;
    await testApp.http().delete(`/api/content/comments/${other.id}`).set(auth(owner.token)).expect(200);
    await testApp.http().delete(`/api/content/comments/${other.id}`).set(auth(owner.token)).expect(404);
    await testApp.http().post(`/api/content/comments/not-an-id/like`).set(auth(owner.token)).expect(404);
  });

  it('keeps the comments of deleted content out of reach', async () => {
    const gone = (await testApp.http().post('/api/content').set(auth(owner.token)).send(contentForm()).expect(201)).body
      .contentId;
    // The creator's own comment earns no engagement shares, so nobody else holds any and the delete is a delete (a
    // fan's comment would earn 3 free shares, and the item would be archived instead).
    const target = (await comment(owner, { comment_text: 'Soon gone' }, gone).expect(201)).body;
    await testApp.http().delete(`/api/content/${gone}`).set(auth(owner.token)).expect(200);
    await testApp.http().get(`/api/content/${gone}/comments`).expect(404);
    await testApp.http().post(`/api/content/comments/${target.id}/like`).set(auth(stranger.token)).expect(404);
    await comment(author, { comment_text: 'Too late' }, gone).expect(404);
  });
});
