// Runs PGlite and its wire-protocol socket server in a worker thread. Plain CommonJS JavaScript on purpose: it
// is loaded by node:worker_threads directly (not through Jest's or swc's module loaders), and PGlite's
// synchronous WASM execution then never blocks the event loop of the process that serves HTTP.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');

async function main() {
  const embedded = await PGlite.create(workerData.dataDir);
  // Several socket connections may attach, but they all share PGlite's single session (see GOTCHAS.md).
  const server = new PGLiteSocketServer({ db: embedded, host: '127.0.0.1', port: 0, maxConnections: workerData.maxSocketConnections });
  await server.start();
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await embedded.close();
      parentPort.postMessage({ type: 'closed' });
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String(error && error.stack ? error.stack : error) });
    }
  });
  parentPort.postMessage({ type: 'ready', address: server.getServerConn() });
}

main().catch((error) => {
  parentPort.postMessage({ type: 'error', message: String(error && error.stack ? error.stack : error) });
});
