// One webpack + Module Federation configuration for the host and every remote, so that the share
// keys, loaders and output settings cannot drift apart between teams.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { DefinePlugin, NormalModuleReplacementPlugin, ProgressPlugin } = require('webpack');

const { RoutePreloadPlugin } = require('./route-preload-plugin');
const { EarlyRequestsPlugin } = require('./early-requests-plugin');
const { FirstPaintPlugin } = require('./first-paint-plugin');
const { CompileHintsPlugin } = require('./compile-hints-plugin');

const platformPackage = require('../package.json');

/**
 * Libraries that must exist once in the page. The subpath keys (`react/`, `react-dom/`) matter:
 * without them `react-dom/client` or `react/jsx-runtime` arrive as a second copy ("Invalid hook call").
 */
function sharedSingletons() {
  const singleton = (name) => ({
    singleton: true,
    requiredVersion: `^${require(`${name}/package.json`).version}`,
  });
  const reactRouterVersion = require('react-router/package.json').version;
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    // Only the exports the frontends use (react-router-shared.mjs): the whole package is 60 KB gzip on every page.
    'react-router': { ...singleton('react-router'), import: path.join(__dirname, 'react-router-shared.mjs'), version: reactRouterVersion },
    'react-router/': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    // zod is large and every remote validates its answers with it: one copy for the page.
    // Without its translations and JSON-schema import (zod-shared.mjs): a third of the package, unused by the pages.
    zod: { ...singleton('zod'), import: path.join(__dirname, 'zod-shared.mjs'), version: require('zod/package.json').version },
    '@app/platform': { singleton: true, requiredVersion: `^${platformPackage.version}`, version: platformPackage.version },
    '@app/platform/app': { singleton: true, requiredVersion: `^${platformPackage.version}`, version: platformPackage.version },
    // The signed-in platform in three parts, so a remote's first page loads only what it renders (issue 45): the
    // forms (react-hook-form) and the market's dialogs are loaded with the first screen that uses one.
    '@app/platform/forms': { singleton: true, requiredVersion: `^${platformPackage.version}`, version: platformPackage.version },
    '@app/platform/market': { singleton: true, requiredVersion: `^${platformPackage.version}`, version: platformPackage.version },
  };
}

/** Each share key's version and required range, for the shell's runtime registration (shell/src/federation). */
function sharedSingletonVersions() {
  return Object.fromEntries(
    Object.entries(sharedSingletons()).map(([key, config]) => {
      const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
      const version = config.version ?? require(`${packageName}/package.json`).version;
      return [key, { version, requiredVersion: config.requiredVersion }];
    }),
  );
}

/**
 * The remotes are federation containers. The shell is not: the federation runtime (about 25 KB gzip) would be on a
 * visitor's first page, where no remote is shown. The shell starts the runtime from its own code with the first
 * remote route and registers its modules for the remotes (shell/src/federation/shared-modules.ts). Its own imports of
 * 'react-router' and 'zod' take the same trimmed entries the remotes are given, so each exists once in the page.
 */
function federationPlugins(options) {
  if (options.host) return [new DefinePlugin({ __SHARED_SINGLETONS__: JSON.stringify(sharedSingletonVersions()) })];
  return [
    new ModuleFederationPlugin({
      name: options.name,
      filename: 'remoteEntry.js',
      exposes: options.exposes ?? {},
      remotes: {},
      shared: sharedSingletons(),
      // 'version-first' would fetch every remote entry at start-up: one remote down blanks the shell.
      shareStrategy: 'loaded-first',
      runtimePlugins: options.runtimePlugins ?? [],
      manifest: true,
      dts: false,
      experiments: {
        // Every build runs in a browser: the runtime's Node.js loading paths are left out of remoteEntry.js.
        optimization: { target: 'web' },
        // The runtime core (most of remoteEntry.js) is read from the global `_FEDERATION_RUNTIME_CORE`, which the shell
        // fills with the core it already runs (issue 45); a standalone page loads it first (standaloneRuntimeCoreConfig).
        externalRuntime: true,
      },
    }),
  ];
}

function hostAliases(options) {
  if (!options.host) return {};
  const shared = sharedSingletons();
  return { 'react-router$': shared['react-router'].import, zod$: shared.zod.import };
}

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** Copies a folder's files into the build output (the shell's default remotes.json). */
class EmitStaticFilesPlugin {
  constructor(directory) {
    this.directory = directory;
  }
  apply(compiler) {
    const fs = require('node:fs');
    compiler.hooks.thisCompilation.tap('EmitStaticFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitStaticFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of fs.readdirSync(this.directory)) {
          const content = fs.readFileSync(path.join(this.directory, file));
          compilation.emitAsset(file, new compiler.webpack.sources.RawSource(content));
        }
      });
    });
  }
}

/**
 * The query library in one chunk of the host: split by which lazy chunk uses which part, it came as three (the core,
 * mutations 2 KB gz, the mutation cache 2 KB gz) that every signed-in first page requested together (issue 45).
 */
function hostCacheGroups() {
  return {
    queryLibrary: {
      test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
      name: 'query-library',
      chunks: 'async',
      enforce: true,
    },
  };
}

/**
 * Brotli and gzip copies of every text asset beside the original (`main.js.br`, `main.js.gz`), made once at build
 * time at the highest levels, so the static servers (infra/serve-static.mjs, the nginx image) send them with
 * `Content-Encoding` instead of compressing per request or not at all.
 */
function precompressedCopies() {
  const test = /\.(js|css|html|json|svg|webmanifest)$/;
  return [
    new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test, threshold: 512, minRatio: 0.9, compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test, threshold: 512, minRatio: 0.9, compressionOptions: { level: 9 } }),
  ];
}

/**
 * A production compilation's modules are reused from the workspace's node_modules/.cache/webpack; a change to this
 * file or to `dependencies` (the loaders, the workspace's webpack.config.js) starts afresh. `part` names a second
 * compilation of the same workspace.
 */
function productionCache(options, part, dependencies) {
  return {
    type: 'filesystem',
    name: `${options.name}${part ? `-${part}` : ''}-production`,
    cacheDirectory: path.join(options.projectRoot, 'node_modules', '.cache', 'webpack'),
    buildDependencies: { config: [__filename, ...dependencies] },
  };
}

/** zod's folder, and the module that stands in for its JSON Schema conversion in the browser builds. */
const ZOD_FOLDER = path.dirname(require.resolve('zod/package.json'));
const ZOD_JSON_SCHEMA_BROWSER = path.join(__dirname, 'zod-json-schema-browser.mjs');

/**
 * zod's classic schemas get zod-json-schema-browser.mjs for the two files of zod's JSON Schema conversion (64 KB
 * before compression on every page that validates an answer; no page converts a schema). Only their own imports:
 * the stand-in re-exports a part of the real file.
 */
function zodWithoutJsonSchema() {
  const classic = path.join(ZOD_FOLDER, 'v4', 'classic') + path.sep;
  return new NormalModuleReplacementPlugin(/\/core\/(json-schema-processors|to-json-schema)\.js$/, (resource) => {
    if (resource.contextInfo?.issuer?.startsWith(classic)) {
      resource.request = ZOD_JSON_SCHEMA_BROWSER;
    }
  });
}

/** The script a remote's standalone page loads before main.js, to give its entry the federation runtime core. */
const STANDALONE_RUNTIME_CORE = 'federation-runtime-core';

function minimizers() {
  return [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })];
}

/**
 * A remote's standalone page (its index.html + main.js) has no shell to provide the federation runtime core its
 * externalRuntime build expects. A compilation of its own builds that script into the remote's dist/: in the remote's
 * compilation every entry would get the federation runtime, which needs the core before the script could provide it.
 */
function standaloneRuntimeCoreConfig(options, production) {
  return {
    name: `${options.name}-${STANDALONE_RUNTIME_CORE}`,
    mode: production ? 'production' : 'development',
    context: options.projectRoot,
    // A language target, not 'web': webpack-dev-server adds its live-reload client to every web compilation, and the
    // page already has one in main.js (one more socket, 125 KB more in development). The production output is the same
    // bytes as with 'web'; the script is one chunk in the array-push format, with nothing to load.
    target: 'es2020',
    entry: { [STANDALONE_RUNTIME_CORE]: path.join(__dirname, 'federation-runtime-core.js') },
    devtool: false,
    output: {
      path: path.join(options.projectRoot, 'dist'),
      publicPath: '/',
      filename: '[name].js',
      clean: false,
      chunkFormat: 'array-push',
      chunkLoading: false,
    },
    plugins: production ? precompressedCopies() : [],
    performance: { hints: false },
    optimization: production ? { minimizer: minimizers() } : undefined,
    cache: production ? productionCache(options, STANDALONE_RUNTIME_CORE, []) : undefined,
    infrastructureLogging: { level: 'warn' },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}

/**
 * A build's progress as one short line per tenth (`npm start` asks for it with BUILD_PROGRESS=1 and prefixes each
 * line with the frontend's name), instead of webpack's own stream of hundreds of lines.
 */
function progressLines() {
  let shown = -1;
  return new ProgressPlugin((fraction, message) => {
    const tenth = Math.floor(fraction * 10);
    if (tenth <= shown || tenth >= 10) return;
    shown = tenth;
    process.stdout.write(`${tenth * 10}% ${message}\n`);
  });
}

/**
 * @param {object} options
 * @param {string} options.name federation name, an identifier such as `mf_earn` (`shell` for the host)
 * @param {string} options.projectRoot the workspace folder
 * @param {number} options.port dev-server port (ARCHITECTURE §2)
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {string[]} [options.runtimePlugins] a remote's federation runtime plugins (files)
 * @param {boolean} [options.host] true for the shell
 * @param {string} options.title HTML title
 * @param {string} [options.description] the page's meta description (the shell sets one per route at run time)
 * @param {string} [options.staticDirectory] extra files the dev server serves (the shell's remotes.json)
 * @param {Record<string,string>} [options.routePreloads] path → lazy chunk name whose files index.html preloads there
 * @param {{ always: string[], routes: Record<string, string[]> }} [options.earlyRequests] /api reads index.html starts
 *   for a signed-in visitor (always, and per path), adopted by the API client
 * @param {{ render: string, project: string }} [options.firstPaint] the module that prints the signed-in frames index.html
 *   paints before any script (FirstPaintPlugin), and the tsconfig it compiles with
 */
function createWebpackConfig(options) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const apiTarget = process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 3000}`;
    const config = {
      name: options.name,
      mode: production ? 'production' : 'development',
      context: options.projectRoot,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(options.projectRoot, 'dist'),
        // The host is served with SPA fallback, so its scripts must be absolute; a remote's chunks
        // resolve relative to wherever its remoteEntry was loaded from (a CDN in production).
        publicPath: options.host ? '/' : 'auto',
        uniqueName: options.name,
        // Entry names stay stable (remoteEntry.js must); chunks carry a content hash for caching.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[id].js',
        // A chunk from a server that hangs must fail well inside the shell's 5 s fallback budget.
        chunkLoadTimeout: 4000,
        // A remote's standalone runtime core script is another compilation's output in the same folder.
        clean: options.host ? true : { keep: (asset) => asset.startsWith(`${STANDALONE_RUNTIME_CORE}.js`) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // The contracts' OpenAPI registry is the API's business: the browser gets a no-op (see the stub).
        alias: {
          '@asteasolutions/zod-to-openapi$': path.join(__dirname, 'openapi-browser-stub.js'),
          // React Router's own build (its package exports give bundlers the development one, warnings included),
          // under a name no share key matches, for react-router-shared.mjs.
          // zod's own files for zod-shared-external.mjs, likewise under a name no share key matches.
          'zod-build': ZOD_FOLDER,
          'react-router-build$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', production ? 'production' : 'development', 'index.mjs'),
          ...hostAliases(options),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            // An import of a name the module does not export fails the build: it would be undefined in the browser
            // (a shared module's trimmed entry, like react-router-shared.mjs, exports only what is listed in it).
            parser: { exportsPresence: 'error' },
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  target: 'es2022',
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          {
            // The contracts' schemas and routes are built on first use in the browser (lazy-contracts-loader.js).
            test: /[\\/]services[\\/]contracts[\\/]src[\\/].*\.ts$/,
            exclude: /\.spec\.ts$/,
            enforce: 'pre',
            use: { loader: path.join(__dirname, 'lazy-contracts-loader.js') },
          },
          {
            test: /\.css$/,
            use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
        ],
      },
      plugins: [
        ...federationPlugins(options),
        zodWithoutJsonSchema(),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: options.title,
          description: options.description ?? options.title,
          // Only the host has the icons and the web app manifest (shell/public); a remote's page is for standalone work.
          appIcons: Boolean(options.host),
          // Before main.js (the template writes them ahead of the injected entry scripts), in document order.
          standaloneScripts: options.host ? [] : [`/${STANDALONE_RUNTIME_CORE}.js`],
          publicPath: '/',
        }),
        ...(options.routePreloads ? [new RoutePreloadPlugin(options.routePreloads)] : []),
        ...(options.earlyRequests ? [new EarlyRequestsPlugin(options.earlyRequests)] : []),
        ...(options.firstPaint ? [new FirstPaintPlugin(options.firstPaint)] : []),
        ...(options.staticDirectory ? [new EmitStaticFilesPlugin(options.staticDirectory)] : []),
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
        ...(production ? [new CompileHintsPlugin()] : []),
        ...(production ? precompressedCopies() : []),
        ...(process.env.BUILD_PROGRESS === '1' ? [progressLines()] : []),
      ],
      performance: { hints: false },
      // Production bundles are minified by swc (native) rather than terser: most of a cold build's time was terser's.
      optimization: production
        ? {
            moduleIds: 'deterministic',
            minimizer: minimizers(),
            ...(options.host ? { splitChunks: { cacheGroups: hostCacheGroups() } } : {}),
          }
        : // Development's named chunk ids gave two of a remote's chunks one id and file name
          // (shell_platform_build_zod-shared_mjs.js): a compilation error, and one of the two overwritten.
          { chunkIds: 'deterministic' },
      cache: production
        ? productionCache(options, null, [path.join(__dirname, 'lazy-contracts-loader.js'), path.join(options.projectRoot, 'webpack.config.js')])
        : undefined,
      devServer: {
        port: options.port,
        host: '127.0.0.1',
        // Its live-reload socket is at 127.0.0.1 (the host above) while the page may be at localhost (the README's
        // address) or be the shell's, on another port: both loopback names count as this server's own, or the socket
        // is refused ("Invalid Host/Origin header") and the page never reloads.
        allowedHosts: ['localhost', '127.0.0.1'],
        historyApiFallback: true,
        static: options.staticDirectory ? { directory: options.staticDirectory } : false,
        headers: corsHeaders,
        hot: false,
        liveReload: true,
        client: { overlay: false },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false }],
      },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
    };
    return options.host ? config : [config, standaloneRuntimeCoreConfig(options, production)];
  };
}

module.exports = { createWebpackConfig, sharedSingletons };
