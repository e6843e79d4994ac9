const { Compilation, sources } = require('webpack');

/** V8's explicit compile hint (Chrome 136+): the file's functions are compiled when the script is, not on first call. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the scripts a production build loads on demand for eager compilation (issue 45). V8 compiles a function
 * lazily, on the main thread, the first time it is called. A chunk (a page, the session, zod, a remote's
 * remoteEntry.js and routes) is loaded when its code is about to run, and the first render calls most of what it
 * brings, so that compilation blocked the main thread in the middle of the first page. With the hint V8 compiles the
 * whole script while it streams in, on a background thread.
 *
 * The configuration's own entry points (main.js) are left as they are: every page loads them, the public pages too,
 * which call little of React DOM and the router, and there the eager compilation of the whole entry delayed its
 * evaluation more than it saved.
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
          // The configuration's entries, not those a plugin adds (Module Federation's remoteEntry.js).
          const configuredEntries = typeof compilation.options.entry === 'object' ? compilation.options.entry : {};
          const entryFiles = new Set();
          for (const [name, entrypoint] of compilation.entrypoints) {
            if (!(name in configuredEntries)) continue;
            for (const chunk of entrypoint.chunks) for (const file of chunk.files) entryFiles.add(file);
          }
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js') || entryFiles.has(name)) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
