const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { paintFirstFrame } = require('./first-paint-script');
const { tapInlineScript } = require('./inline-script');

/**
 * Paints a signed-in visitor's frame from index.html before any script has downloaded (issue 45): `render` (a
 * TypeScript module run through @swc-node/register with the project's tsconfig) prints `{ path: html }`, the frames
 * of the app's main routes rendered with React on the server; an inline script after #root puts the frame of
 * `location.pathname` into #root when a session is stored, and React's first render replaces it. Without it a phone
 * shows nothing until the shell, the session's code and the page's chunks have arrived and run.
 */
class FirstPaintPlugin {
  /** @param {{ render: string, project: string }} options the render module and the tsconfig it compiles with */
  constructor(options) {
    this.options = options;
    this.frames = undefined;
  }

  /** Rendered once per compiler: a watching dev server keeps the first build's frames until it restarts. */
  framesOnce() {
    this.frames ??= JSON.parse(
      execFileSync(process.execPath, ['-r', require.resolve('@swc-node/register'), '-e', renderCommand(this.options.render)], {
        cwd: path.dirname(this.options.project),
        env: { ...process.env, SWC_NODE_PROJECT: this.options.project },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      }),
    );
    return this.frames;
  }

  apply(compiler) {
    tapInlineScript(compiler, 'FirstPaintPlugin', paintFirstFrame, () => this.framesOnce(), 'body');
  }
}

/** Requires the render module with style imports ignored (the frames are markup; the CSS is the app's own). */
function renderCommand(render) {
  return `require.extensions['.css'] = () => {}; require(${JSON.stringify(render)});`;
}

module.exports = { FirstPaintPlugin };
