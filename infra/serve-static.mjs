// Static file server for the production builds of the shell and the remotes (no dependencies).
// The shell's server adds SPA fallback, proxies /api to the API (so the browser talks to one origin
// and the session cookie just works), proxies /remotes/<remote>/ to each remote's own server (one origin, as
// the production proxy serves them), and answers /remotes.json from the environment. Remote servers send CORS
// headers for the shell's origin, for a remotes manifest that points the shell at them directly.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every frontend, its folder, its federation name and the environment variables that move it. */
export const frontends = [
  { app: 'shell', folder: 'shell', federationName: 'shell', portVariable: 'SHELL_PORT', defaultPort: 4200 },
  { app: 'mf-earn', folder: 'mf-earn', federationName: 'mf_earn', portVariable: 'MF_EARN_PORT', defaultPort: 4201 },
  { app: 'mf-invest', folder: 'mf-invest', federationName: 'mf_invest', portVariable: 'MF_INVEST_PORT', defaultPort: 4202 },
  { app: 'mf-wallet', folder: 'mf-wallet', federationName: 'mf_wallet', portVariable: 'MF_WALLET_PORT', defaultPort: 4203 },
  { app: 'mf-advertiser', folder: 'mf-advertiser', federationName: 'mf_advertiser', portVariable: 'MF_ADVERTISER_PORT', defaultPort: 4204 },
];

export function portOf(frontend, environment = process.env) {
  const text = environment[frontend.portVariable];
  const port = text === undefined || text === '' ? frontend.defaultPort : Number(text);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${frontend.portVariable} must be a TCP port, got "${text}"`);
  return port;
}

const remoteFrontends = frontends.filter((candidate) => candidate.app !== 'shell');

/** The path under which the shell's server (and the production proxy) serves a remote's files. */
const remotePathPrefix = (app) => `/remotes/${app}/`;

/**
 * The remotes manifest the shell reads at run time: remote name → URL of its mf-manifest.json.
 * Override one remote with e.g. MF_WALLET_MANIFEST_URL, or all with REMOTES_MANIFEST_FILE (a JSON file).
 * By default each remote is under /remotes/<remote>/ on the shell's own origin (`requestHost`, the Host the browser
 * used), as the production proxy serves it: a phone opens no second connection for a remote's route.
 */
export function remotesManifest(requestHost, environment = process.env) {
  if (environment.REMOTES_MANIFEST_FILE) return JSON.parse(readFileSync(environment.REMOTES_MANIFEST_FILE, 'utf8'));
  const manifest = {};
  for (const frontend of remoteFrontends) {
    const override = environment[`${frontend.portVariable.replace(/_PORT$/, '')}_MANIFEST_URL`];
    manifest[frontend.federationName] = override || `http://${requestHost}${remotePathPrefix(frontend.app)}mf-manifest.json`;
  }
  return manifest;
}

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * The build's precompressed copy of a file that the client accepts (brotli before gzip), or none. The builds write
 * `name.br` and `name.gz` beside each text asset (shell/platform/build/webpack-config.js).
 */
function precompressedVariant(filePath, acceptEncoding = '') {
  const accepted = new Set(acceptEncoding.split(',').map((part) => part.split(';')[0].trim().toLowerCase()));
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!accepted.has(encoding) || !existsSync(filePath + suffix)) continue;
    return { encoding, path: filePath + suffix, size: statSync(filePath + suffix).size };
  }
  return null;
}

/**
 * Which page origins may read a remote's files with fetch (the shell reads mf-manifest.json): the list in
 * CORS_ORIGINS, else the shell's port on whatever host name the browser used (localhost, 127.0.0.1, a LAN name).
 */
function originPolicy(environment) {
  if (environment.CORS_ORIGINS) {
    const listed = environment.CORS_ORIGINS.split(',').map((origin) => origin.trim());
    return (origin) => listed.includes(origin);
  }
  const shellPort = String(portOf(frontends[0], environment));
  return (origin) => {
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.port === shellPort;
    } catch {
      return false;
    }
  };
}

/** Forwards the request to `target` (the API, or a remote's own server); 502 with `unreachable` when it is down. */
function proxyTo(request, response, target, unreachable, log) {
  // This server is the edge: whatever X-Forwarded-* the client sent is its own claim, so the API hears only the
  // address this socket really came from (it trusts these headers from this proxy alone, see TRUST_PROXY).
  const headers = { ...request.headers, host: target.host, 'x-forwarded-host': request.headers.host ?? '' };
  delete headers['x-real-ip'];
  delete headers.forwarded;
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = request.socket.encrypted ? 'https' : 'http';
  const upstream = http.request(
    target,
    { method: request.method, headers },
    (upstreamResponse) => {
      response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
      upstreamResponse.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    log(`proxy error for ${request.method} ${request.url}: ${error.message}`);
    if (!response.headersSent) {
      response.writeHead(502, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(unreachable));
    } else response.destroy();
  });
  request.pipe(upstream);
}

/**
 * @param {object} options
 * @param {string} options.root folder to serve (a dist/)
 * @param {number} options.port
 * @param {boolean} [options.spa] answer unknown paths with index.html (the shell)
 * @param {string} [options.apiUrl] proxy /api/* there (the shell)
 * @param {Record<string, string>} [options.remoteUrls] proxy /remotes/<remote>/* to each remote's server (the shell)
 * @param {boolean} [options.serveRemotesManifest] answer /remotes.json from the environment (the shell)
 * @param {NodeJS.ProcessEnv} [options.environment]
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<http.Server>}
 */
export function startStaticServer(options) {
  const environment = options.environment ?? process.env;
  const log = options.log ?? ((line) => console.log(line));
  const isAllowedOrigin = originPolicy(environment);
  const root = path.resolve(options.root);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    if (origin && isAllowedOrigin(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
      response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      response.setHeader('Access-Control-Allow-Headers', '*');
    }
    if (options.apiUrl && isApiPath(url.pathname))
      return proxyTo(request, response, new URL(request.url, options.apiUrl), API_UNREACHABLE, log);
    const remote = options.remoteUrls ? remoteOfPath(url.pathname, options.remoteUrls) : null;
    if (remote) return proxyTo(request, response, remote.target(request.url), remote.unreachable, log);
    if (request.method === 'OPTIONS') {
      response.writeHead(204);
      return response.end();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      return response.end();
    }
    if (options.serveRemotesManifest && url.pathname === '/remotes.json') {
      response.writeHead(200, { 'Content-Type': contentTypes['.json'], 'Cache-Control': 'no-cache' });
      return response.end(JSON.stringify(remotesManifest(request.headers.host ?? 'localhost', environment)));
    }

    let relativePath;
    try {
      relativePath = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400);
      return response.end();
    }
    let filePath = path.join(root, relativePath);
    // Never serve outside the folder.
    if (filePath !== root && !filePath.startsWith(root + path.sep)) {
      response.writeHead(403);
      return response.end();
    }
    let stats = existsSync(filePath) ? statSync(filePath) : null;
    if (stats?.isDirectory()) {
      filePath = path.join(filePath, 'index.html');
      stats = existsSync(filePath) ? statSync(filePath) : null;
    }
    if (!stats && options.spa && path.extname(relativePath) === '') {
      filePath = path.join(root, 'index.html');
      stats = existsSync(filePath) ? statSync(filePath) : null;
    }
    if (!stats) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      return response.end('Not found');
    }
    const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(filePath);
    const compressed = precompressedVariant(filePath, request.headers['accept-encoding']);
    response.writeHead(200, {
      'Content-Type': contentTypes[path.extname(filePath)] ?? 'application/octet-stream',
      'Content-Length': compressed ? compressed.size : stats.size,
      ...(compressed ? { 'Content-Encoding': compressed.encoding } : {}),
      // Caches keep one copy per encoding (and per origin, set above for CORS).
      Vary: response.hasHeader('Vary') ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
      // Content-hashed chunks never change; entries (main.js, remoteEntry.js, manifests) always revalidate.
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (request.method === 'HEAD') return response.end();
    createReadStream(compressed ? compressed.path : filePath).pipe(response);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Starts the server for one frontend's dist/ with the settings it needs. */
export function serveFrontend(frontend, environment = process.env, log) {
  const isShell = frontend.app === 'shell';
  const apiUrl = environment.API_URL || `http://127.0.0.1:${environment.API_PORT || 3000}`;
  return startStaticServer({
    root: path.join(repositoryRoot, frontend.folder, 'dist'),
    port: portOf(frontend, environment),
    spa: true,
    apiUrl: isShell ? apiUrl : undefined,
    remoteUrls: isShell
      ? Object.fromEntries(remoteFrontends.map((remote) => [remote.app, `http://127.0.0.1:${portOf(remote, environment)}`]))
      : undefined,
    serveRemotesManifest: isShell,
    environment,
    log,
  });
}

// `node infra/serve-static.mjs <app>` serves one frontend (each workspace's `npm run serve`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const app = process.argv[2];
  const frontend = frontends.find((candidate) => candidate.app === app);
  if (!frontend) {
    console.error(`usage: node infra/serve-static.mjs <${frontends.map((candidate) => candidate.app).join('|')}>`);
    process.exit(2);
  }
  if (!existsSync(path.join(repositoryRoot, frontend.folder, 'dist', 'index.html'))) {
    console.error(`${frontend.folder}/dist is missing: run \`npm run build -w @app/${frontend.app}\` first`);
    process.exit(1);
  }
  const server = await serveFrontend(frontend);
  console.log(`[${app}] serving ${frontend.folder}/dist on http://localhost:${server.address().port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The API's paths: /api/*, and the advertiser plan and coupon calls that spec 3 §7 serves without the prefix. */
function isApiPath(pathname) {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/advertisers/subscription/') ||
    pathname === '/advertisers/coupons' ||
    pathname.startsWith('/advertisers/coupons/')
  );
}

const API_UNREACHABLE = { error: 'The API is not reachable', code: 'API_UNREACHABLE' };

/** The remote whose /remotes/<remote>/ prefix starts `pathname`, with the URL on its own server; null for none. */
function remoteOfPath(pathname, remoteUrls) {
  const app = Object.keys(remoteUrls).find((candidate) => pathname.startsWith(remotePathPrefix(candidate)));
  if (!app) return null;
  // The remote's own server serves the files at its root: the prefix goes, its last slash stays.
  const prefixLength = remotePathPrefix(app).length - 1;
  return {
    target: (requestUrl) => new URL(requestUrl.slice(prefixLength), remoteUrls[app]),
    unreachable: { error: `The ${app} frontend is not reachable`, code: 'REMOTE_UNREACHABLE' },
  };
}
