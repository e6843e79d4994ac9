const { Compilation, sources } = require('webpack');

/** V8's explicit compile hint (Chrome 136+): the file's functions are compiled when the script is, not on first call. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks every script of a production build for eager compilation (issue 45). V8 compiles a function lazily, on the
 * main thread, the first time it is called. Most of what a script brings is called on the first page (React DOM's
 * renderer, the router, the frame; a page's chunk, the session, zod, a remote's remoteEntry.js and routes), so that
 * compilation blocked the main thread inside the first page's tasks: 55-75 ms per signed-in load of /wallet on this
 * machine, some 570 functions. With the hint V8 compiles the whole script while it streams in, on a background
 * thread.
 *
 * The entry (main.js) was once left out: the public pages, which render with it alone, waited for its longer
 * background compilation before their first paint. Measured again once the signed-in pages were painted from
 * index.html, the public pages' first paint and blocking time no longer differ, and the signed-in pages run less
 * script on the main thread (services/bench/results/2026-12-07-main-compile-hint.md).
 *
 * The comment has to open the file. It is added after minification (which would drop it) and before the content
 * hashes and the precompressed copies are made, so both cover it.
 */
class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
