/**
 * @jest-environment node
 */
// The runtime plugin's fetch bounds a remote that hangs and retries one that blips, against real sockets.
import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fetchWithTimeoutAndRetry } from './resilience-plugin';

const fastPolicy = {
  attemptTimeoutMilliseconds: 300,
  retries: 1,
  retryPauseMilliseconds: 50,
  scriptTimeoutMilliseconds: 1000,
};
const servers: Server[] = [];
const sockets = new Set<Socket>();

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  server.on('connection', (socket) => sockets.add(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`;
}

afterAll(async () => {
  sockets.forEach((socket) => socket.destroy());
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('remote fetches with timeout and retry', () => {
  it('gives up on a server that never answers after two bounded attempts', async () => {
    let attempts = 0;
    const url = await listen(() => {
      attempts += 1; // accept and never answer
    });
    const started = Date.now();
    await expect(fetchWithTimeoutAndRetry(url, {}, fastPolicy)).rejects.toThrow();
    const elapsed = Date.now() - started;
    expect(attempts).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(2 * fastPolicy.attemptTimeoutMilliseconds);
    expect(elapsed).toBeLessThan(2000);
  });

  it('retries once after a 5xx and returns the good answer', async () => {
    let attempts = 0;
    const url = await listen((_request, response) => {
      attempts += 1;
      response.statusCode = attempts === 1 ? 503 : 200;
      response.end(JSON.stringify({ attempt: attempts }));
    });
    const response = await fetchWithTimeoutAndRetry(url, {}, fastPolicy);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ attempt: 2 });
  });

  it('does not retry a 404: that is an answer', async () => {
    let attempts = 0;
    const url = await listen((_request, response) => {
      attempts += 1;
      response.statusCode = 404;
      response.end();
    });
    const response = await fetchWithTimeoutAndRetry(url, {}, fastPolicy);
    expect(response.status).toBe(404);
    expect(attempts).toBe(1);
  });

  it('fails fast when nothing listens (a stopped remote)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    await expect(
      fetchWithTimeoutAndRetry(`http://127.0.0.1:${port}/mf-manifest.json`, {}, fastPolicy),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
