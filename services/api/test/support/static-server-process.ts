import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Runs the shell's static server (`infra/serve-static.mjs`, an ES module Jest cannot import) in a child process
 * and answers its port once it listens.
 */
export async function startStaticServerProcess(options: {
  root: string;
  apiUrl?: string;
  remoteUrls?: Record<string, string>;
  serveRemotesManifest?: boolean;
  spa?: boolean;
}): Promise<{ process: ChildProcess; port: number }> {
  const script = `
    const { startStaticServer } = await import(${JSON.stringify(resolve(__dirname, '../../../../infra/serve-static.mjs'))});
    const server = await startStaticServer({ ...${JSON.stringify(options)}, port: 0, log: () => {} });
    console.log('PORT ' + server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) done(Number(match[1]));
    });
    child.on('exit', (code) => fail(new Error(`the static server exited with ${code}`)));
  });
  return { process: child, port };
}
