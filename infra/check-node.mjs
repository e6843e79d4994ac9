// Runs first in `npm test` and `npm start`: stops with a message when the Node.js running them is older than the
// one package.json's `engines.node` asks for. The project brings its own Node (devDependency `node`, whose install
// script puts the binary in node_modules/.bin, which npm scripts put first on the PATH), so an old node here means
// `npm install` has not run, or its install script was skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { engines } = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8'));
const wanted = /^>=\s*(\d+)/.exec(engines?.node ?? '');
if (!wanted) {
  console.error(`[check-node] package.json engines.node should read ">=<major>", not ${JSON.stringify(engines?.node)}`);
  process.exit(1);
}
const wantedMajor = Number(wanted[1]);
const runningMajor = Number(process.versions.node.split('.')[0]);

if (runningMajor < wantedMajor) {
  const projectNode = path.join(repositoryRoot, 'node_modules', '.bin', 'node');
  const shown = path.relative(process.cwd(), projectNode);
  const running = `Node.js ${process.version} (${process.execPath})`;
  const lines = [`[check-node] this is ${running}; the project needs ${wanted[0]}.`];
  const present = existsSync(projectNode);
  const projectVersion = present
    ? spawnSync(projectNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() || undefined
    : undefined;
  if (!projectVersion || Number(projectVersion.split('.')[0]) < wantedMajor) {
    const found = projectVersion ? `Node.js ${projectVersion}` : present ? 'not runnable' : 'missing';
    lines.push(
      `[check-node] ${shown} is ${found}: run npm install ` +
        '(at the repository root; it brings the Node.js of the devDependency `node`).',
    );
  } else {
    lines.push(
      `[check-node] ${shown} is Node.js ${projectVersion} but not the node running this: run it through npm`,
      '[check-node] (npm test, npm start), or put node_modules/.bin first on the PATH.',
    );
  }
  console.error(lines.join('\n'));
  process.exit(1);
}
