/**
 * @jest-environment node
 */
// `npm run dev` serves a frontend with webpack-dev-server on 127.0.0.1, and its pages reload through a web socket to
// that address. A team opens its remote at http://localhost:<port> (the README's address), and the composed shell's
// page is another loopback origin: the server must take the socket from both, and from no other site.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import WebSocket from 'ws';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

// A port of our own choosing: the server's `port: 'auto'` imports an ES module, which Jest's module system cannot.
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Whether the server keeps a socket to ws://127.0.0.1:<port>/ws sent by a page of `origin`: it opens every socket, then
 * either starts with its first message ('liveReload', 'hash', …) or sends 'Invalid Host/Origin header' and closes.
 */
function socketAccepted(port: number, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: origin } });
    socket.on('message', (data) => {
      resolve((JSON.parse(String(data)) as { type: string }).type !== 'error');
      socket.close();
    });
    socket.on('close', () => resolve(false));
    socket.on('error', () => resolve(false));
  });
}

describe("a remote's development server", () => {
  let server: WebpackDevServer;
  let port: number;
  let folder: string;

  beforeAll(async () => {
    const { default: configure } = (await import(path.join(repositoryRoot, 'mf-earn', 'webpack.config.js'))) as {
      default: (env: unknown, argv: { mode: string }) => Configuration | Configuration[];
    };
    const [remote, runtimeCore] = ([] as Configuration[]).concat(configure({}, { mode: 'development' }));
    // The remote's server settings over a one-line page (the remote's own compilation takes half a minute), beside the
    // real compilation of its standalone runtime core script, all written to a folder of the test's own.
    folder = mkdtempSync(path.join(tmpdir(), 'dev-server-'));
    writeFileSync(path.join(folder, 'index.js'), 'document.title = "dev";\n');
    const page: Configuration = { mode: 'development', context: folder, entry: './index.js', stats: 'none' };
    const core: Configuration = { ...runtimeCore, stats: 'none' };
    page.output = { path: folder };
    core.output = { ...runtimeCore.output, path: folder };
    port = await freePort();
    server = new WebpackDevServer(
      { ...remote.devServer, port, proxy: undefined, static: false },
      webpack([page, core]),
    );
    await server.start();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes the live-reload socket from its page at localhost or 127.0.0.1, and from the shell on another port', async () => {
    expect(await socketAccepted(port, `http://localhost:${port}`)).toBe(true);
    expect(await socketAccepted(port, `http://127.0.0.1:${port}`)).toBe(true);
    expect(await socketAccepted(port, 'http://localhost:4200')).toBe(true);
  });

  it('refuses it from another site', async () => {
    expect(await socketAccepted(port, 'http://attacker.example')).toBe(false);
  });

  it('serves the standalone runtime core script without a live-reload client of its own (main.js has one)', async () => {
    const core = await fetch(`http://127.0.0.1:${port}/federation-runtime-core.js`);
    expect(core.status).toBe(200);
    const coreSource = await core.text();
    expect(coreSource).toContain('_FEDERATION_RUNTIME_CORE');
    expect(coreSource).not.toContain('webpack-dev-server/client');
    // The control: the server does add its client to the page's own script.
    expect(await (await fetch(`http://127.0.0.1:${port}/main.js`)).text()).toContain('webpack-dev-server/client');
  }, 60_000);
});
