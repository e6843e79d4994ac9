import { deflateSync } from 'node:zlib';
import { IMAGE_MESSAGES } from '@app/contracts/identity';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

/** A real 1×1 PNG. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('identity: image uploads (real PostgreSQL, local disk storage)', () => {
  let testApp: IdentityTestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await startIdentityApp();
    token = (await signUp(testApp)).token;
  });
  afterAll(() => testApp.close());

  it.each(['/api/images/upload', '/api/upload/image'])(
    '%s stores a PNG and serves the same bytes back by URL',
    async (path) => {
      const png = tinyPng();
      const response = await testApp
        .http()
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .attach('image', png, 'avatar.png')
        .expect(201);
      expect(response.body).toMatchObject({
        content_type: 'image/png',
        size_bytes: png.length,
        url: expect.stringMatching(/^\/api\/images\/[0-9a-f-]+\.png$/),
      });
      const served = await testApp.http().get(response.body.url).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    },
  );

  it('judges the type from the bytes: a JPEG named .txt is accepted as JPEG', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
    const response = await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', jpeg, { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(201);
    expect(response.body.content_type).toBe('image/jpeg');
    expect(response.body.url).toMatch(/\.jpg$/);
  });

  it('refuses text with a spoofed .png name and image/png type: 415 "Please select an image file."', async () => {
    const response = await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', Buffer.from('<script>alert(1)</script>'), { filename: 'evil.png', contentType: 'image/png' })
      .expect(415);
    expect(response.body).toEqual({ error: IMAGE_MESSAGES.notAnImage, code: 'NOT_AN_IMAGE' });
  });

  it('accepts exactly 5 MB and refuses one byte more with 413 "Image size must be less than 5MB."', async () => {
    const png = tinyPng();
    const exactly = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', exactly, 'big.png')
      .expect(201);
    const tooBig = Buffer.concat([exactly, Buffer.alloc(1)]);
    const response = await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', tooBig, 'big.png')
      .expect(413);
    expect(response.body).toEqual({ error: 'Image size must be less than 5MB.', code: 'IMAGE_TOO_LARGE' });
  });

  it('needs the field `image`, a session, and answers 404 for unknown images', async () => {
    await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .field('other', 'x')
      .expect(400);
    await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('picture', tinyPng(), 'a.png')
      .expect(400);
    await testApp.http().post('/api/images/upload').attach('image', tinyPng(), 'a.png').expect(401);
    await testApp.http().get('/api/images/00000000-0000-4000-8000-000000000000.png').expect(404);
    await testApp.http().get('/api/images/..%2F..%2Fetc%2Fpasswd').expect(404);
  });

  it('lets a user set an uploaded image as avatar', async () => {
    const upload = await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', tinyPng(), 'a.png')
      .expect(201);
    const profile = await testApp
      .http()
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ avatar_url: upload.body.url })
      .expect(200);
    expect(profile.body.avatar_url).toBe(upload.body.url);
  });
});
