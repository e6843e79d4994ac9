const { tapInlineScript } = require('./inline-script');

/**
 * Starts the chunks of the page a visitor opens together with main.js (issue 45): a few bytes of inline script in
 * index.html look up `location.pathname` in a map of route → files and add a `<link rel="preload">` for each. Without
 * it a route's chunk (its page, the libraries only it uses) is requested only once main.js has run and React has
 * rendered the route's Suspense boundary: one more round trip before the first paint.
 *
 * `routes` maps a path to the name of a lazy chunk (`import(/* webpackChunkName: "route-auth" *\/ ...)`); the files
 * are those of that chunk group (its own chunk and the split chunks it needs), never main's.
 */
class RoutePreloadPlugin {
  /** @param {Record<string, string>} routes path → webpackChunkName */
  constructor(routes) {
    this.routes = routes;
  }

  apply(compiler) {
    tapInlineScript(compiler, 'RoutePreloadPlugin', preloadRouteFiles, (compilation) => this.routeFiles(compilation));
  }

  routeFiles(compilation) {
    const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
    return Object.fromEntries(
      Object.entries(this.routes).map(([route, chunkName]) => {
        const group = compilation.namedChunkGroups.get(chunkName);
        if (!group) throw new Error(`RoutePreloadPlugin: no lazy chunk named ${chunkName} (for ${route})`);
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
        return [route, [...new Set(files)].map((file) => `${publicPath}${file}`)];
      }),
    );
  }
}

/* eslint-disable no-var -- runs as written in every browser, before any bundle */
function preloadRouteFiles(routeFiles) {
  var files = routeFiles[location.pathname] || [];
  for (var index = 0; index < files.length; index += 1) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = /\.css$/.test(files[index]) ? 'style' : 'script';
    link.href = files[index];
    document.head.appendChild(link);
  }
}

module.exports = { RoutePreloadPlugin };
