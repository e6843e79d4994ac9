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
 * Under `npm start` the shell's server (`infra/serve-static.mjs`) serves each remote under /remotes/<remote>/ of its
 * own origin, proxied to the remote's server, as the production proxy does: the remotes manifest points there, a
 * remote's files come through unchanged, and a remote that is down answers 502 (the shell shows its fallback).
 */
describe("the shell's server in front of the remotes", () => {
  let remote: http.Server;
  let shell: ChildProcess;
  let shellPort: number;
  let root: string;
  const paths: string[] = [];

  beforeAll(async () => {
    remote = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(`/* wallet ${request.url} */`);
    });
    await new Promise<void>((done) => remote.listen(0, '127.0.0.1', done));
    root = mkdtempSync(join(tmpdir(), 'shell-remotes-'));
    ({ process: shell, port: shellPort } = await startStaticServerProcess({
      root,
      serveRemotesManifest: true,
      remoteUrls: { 'mf-wallet': `http://127.0.0.1:${(remote.address() as AddressInfo).port}` },
    }));
  });

  afterAll(async () => {
    await stopChildProcess(shell);
    if (remote.listening) await new Promise((done) => remote.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  it("points the remotes manifest at the shell's own origin", async () => {
    const manifest = (await (await fetch(`http://127.0.0.1:${shellPort}/remotes.json`)).json()) as Record<
      string,
      string
    >;
    expect(manifest.mf_wallet).toBe(`http://127.0.0.1:${shellPort}/remotes/mf-wallet/mf-manifest.json`);
    expect(manifest.mf_earn).toBe(`http://127.0.0.1:${shellPort}/remotes/mf-earn/mf-manifest.json`);
  });

  it("serves a remote's file from the remote's server, its path and query kept", async () => {
    const response = await fetch(`http://127.0.0.1:${shellPort}/remotes/mf-wallet/remoteEntry.js?v=2`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('/* wallet /remoteEntry.js?v=2 */');
    expect(paths.at(-1)).toBe('/remoteEntry.js?v=2');
  });

  it('answers 502 for a remote whose server is down, and still serves its own files', async () => {
    await new Promise((done) => remote.close(done));
    const response = await fetch(`http://127.0.0.1:${shellPort}/remotes/mf-wallet/mf-manifest.json`);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'REMOTE_UNREACHABLE' });
    expect((await fetch(`http://127.0.0.1:${shellPort}/remotes.json`)).status).toBe(200);
  });
});
