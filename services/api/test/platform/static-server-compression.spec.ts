import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startStaticServerProcess } from '../support/static-server-process';
import { stopChildProcess } from '../support/stop-child-process';

jest.setTimeout(30_000);

/** Raw answer of the static server: node's fetch would decode the body and hide which copy was sent. */
function get(
  port: number,
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', fail);
  });
}

/**
 * The builds write brotli and gzip copies beside each text asset; the static server of `npm start` sends the best
 * copy the browser accepts, with Content-Encoding and Vary, and the original to a client that accepts neither.
 */
describe('the static server sends precompressed copies', () => {
  const script = 'console.log("hello");'.repeat(50);
  let root: string;
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-compression-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'main.1234abcd.js'), script);
    writeFileSync(join(root, 'main.1234abcd.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'main.1234abcd.js.gz'), gzipSync(script));
    ({ process: server, port } = await startStaticServerProcess({ root, spa: true }));
  });

  afterAll(async () => {
    await stopChildProcess(server);
    rmSync(root, { recursive: true, force: true });
  });

  it('prefers brotli, then gzip, and says so', async () => {
    const brotli = await get(port, '/main.1234abcd.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(brotliCompressSync(script))).toBe(true);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get(port, '/main.1234abcd.js', 'gzip;q=1.0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
  });

  it('sends the original to a client that accepts no compression, and index.html uncached when no copy exists', async () => {
    const plain = await get(port, '/main.1234abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    const page = await get(port, '/some/route', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
