import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver is an S3-compatible server (HTTP API, objects on disk): the adapter talks real S3 protocol to it.
import S3rver from 's3rver';
import { S3ImageStorage } from '../../src/modules/identity/store-images/s3-image-storage';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('identity: images on an S3-compatible object store', () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'images-test', configs: [] }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    testApp = await startIdentityApp({
      IMAGE_STORAGE: 's3',
      S3_BUCKET: 'images-test',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('stores and reads back bytes and content type through the adapter; unknown keys are undefined', async () => {
    const storage = new S3ImageStorage({
      kind: 's3',
      bucket: 'images-test',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const key = '22222222-2222-4222-8222-222222222222.png';
    const bytes = Buffer.concat([PNG_HEADER, Buffer.alloc(1000, 7)]);
    await storage.put(key, { bytes, contentType: 'image/png' });
    const read = await storage.get(key);
    expect(read?.contentType).toBe('image/png');
    expect(Buffer.compare(read!.bytes, bytes)).toBe(0);
    expect(await storage.get('33333333-3333-4333-8333-333333333333.png')).toBeUndefined();
    expect(storage.urlFor(key)).toBe(`/api/images/${key}`);
    storage.close();
  });

  it('uploads through the API into the bucket and serves the image back by URL', async () => {
    const { token } = await signUp(testApp);
    const bytes = Buffer.concat([PNG_HEADER, Buffer.alloc(2048, 3)]);
    const upload = await testApp
      .http()
      .post('/api/images/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('image', bytes, 'banner.png')
      .expect(201);
    const served = await testApp.http().get(upload.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
  });
});
