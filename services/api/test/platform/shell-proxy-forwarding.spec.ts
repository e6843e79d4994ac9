import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServerProcess } from '../support/static-server-process';
import { stopChildProcess } from '../support/stop-child-process';

jest.setTimeout(30_000);

/**
 * The shell's server (`infra/serve-static.mjs`) is the edge in front of the API: whatever X-Forwarded-For a client
 * sends is only its claim, so the proxy replaces it with the address the connection really came from (the API
 * believes that header from this proxy alone, TRUST_PROXY=loopback under `npm start`).
 */
describe("the shell's proxy to the API", () => {
  let api: http.Server;
  let proxy: ChildProcess;
  let proxyPort: number;
  let root: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    api = http.createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    root = mkdtempSync(join(tmpdir(), 'shell-proxy-'));
    ({ process: proxy, port: proxyPort } = await startStaticServerProcess({ root, apiUrl }));
  });

  afterAll(async () => {
    await stopChildProcess(proxy);
    await new Promise((done) => api?.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  it("overwrites a client's X-Forwarded-For with the socket's address and drops Forwarded and X-Real-IP", async () => {
    const response = await fetch(`http://127.0.0.1:${proxyPort}/api/health`, {
      headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1', Forwarded: 'for=203.0.113.9', 'X-Real-IP': '203.0.113.9' },
    });
    expect(response.status).toBe(200);
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toMatch(/^(127\.0\.0\.1|::ffff:127\.0\.0\.1)$/);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(`127.0.0.1:${proxyPort}`);
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
  });
});
