import { inflateSync } from 'node:zlib';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenUser, startContentApp, type TestUser } from './support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('content images API', () => {
  let testApp: IdentityTestApp;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await startContentApp();
    user = await givenUser(testApp);
  }, 120_000);
  afterAll(() => testApp?.close());

  const upload = (body: Record<string, unknown>) =>
    testApp.http().post('/api/content/upload-image').set(auth(user.token)).send(body);

  it('stores a base64 image (either naming, data URL or not) and serves it back', async () => {
    const answer = (
      await upload({ image: PNG.toString('base64'), filename: 'a.png', contentType: 'image/png' }).expect(201)
    ).body;
    expect(answer).toMatchObject({
      url: expect.stringMatching(/^\/api\/images\/[0-9a-f-]+\.png$/),
      content_type: 'image/png',
      size_bytes: PNG.length,
      fallback: false,
      fallbackReason: null,
    });
    expect(answer.imageUrl).toBe(answer.url);
    const served = await testApp.http().get(answer.url).expect(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    const other = (
      await upload({
        fileData: `data:image/png;base64,${PNG.toString('base64')}`,
        fileName: 'b.png',
        fileType: 'image/png',
      }).expect(201)
    ).body;
    expect(other.url).not.toBe(answer.url);
  });

  it('reads the type from the bytes, not the declared type', async () => {
    const response = await upload({
      image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      contentType: 'image/png',
    }).expect(415);
    expect(response.body.error).toBe('Please upload a valid image file (JPG, PNG, GIF, WEBP).');
    await upload({ image: '!!! not base64 !!!' }).expect(415);
    const missing = await upload({ filename: 'a.png' }).expect(400);
    expect(missing.body.error).toBe('Please select an image file.');
  });

  it('takes up to 15 MB and refuses more with the spec message', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024 + 1024, 0);
    PNG.copy(big);
    const response = await upload({ image: big.toString('base64') }).expect(413);
    expect(response.body.error).toBe(
      'File size must be less than 15MB. Please compress your image or use a URL instead.',
    );
    const fits = Buffer.alloc(12 * 1024 * 1024, 0);
    PNG.copy(fits);
    expect((await upload({ image: fits.toString('base64') }).expect(201)).body.size_bytes).toBe(fits.length);
    // Every other JSON route keeps the 1 MB limit.
    await testApp
      .http()
      .post('/api/content')
      .set(auth(user.token))
      .send({ title: 'x'.repeat(2 * 1024 * 1024) })
      .expect(413);
  });

  it('needs a session', async () => {
    await testApp
      .http()
      .post('/api/content/upload-image')
      .send({ image: PNG.toString('base64') })
      .expect(401);
    await testApp.http().post('/api/content/generate-placeholder').send({ description: 'x' }).expect(401);
  });

  it('generates a PNG placeholder from the description and platform, stored like an upload', async () => {
    const first = (
      await testApp
        .http()
        .post('/api/content/generate-placeholder')
        .set(auth(user.token))
        .send({ description: 'Sunset timelapse over the bay', platform: 'youtube' })
        .expect(201)
    ).body;
    expect(first).toMatchObject({
      imageUrl: expect.stringMatching(/^\/api\/images\/.+\.png$/),
      content_type: 'image/png',
    });
    const image = (await testApp.http().get(first.imageUrl).expect(200)).body as Buffer;
    expect(image.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(image.readUInt32BE(16)).toBe(640);
    expect(image.readUInt32BE(20)).toBe(360);
    const other = (
      await testApp
        .http()
        .post('/api/content/generate-placeholder')
        .set(auth(user.token))
        .send({ description: 'Morning coffee', platform: 'instagram' })
        .expect(201)
    ).body;
    const otherImage = (await testApp.http().get(other.imageUrl).expect(200)).body as Buffer;
    // Different inputs draw different pictures (compare the decompressed pixels).
    const pixels = (png: Buffer) => inflateSync(png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8));
    expect(Buffer.compare(pixels(image), pixels(otherImage))).not.toBe(0);
  });
});
