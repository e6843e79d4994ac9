const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * Puts `(script)(argument)` as the first tag of index.html's head, for the first-page plugins (route preloads, early
 * API requests): `script` is a self-contained function (its source is inlined, so it may not close over anything) and
 * `argumentOf(compilation)` the JSON it runs with.
 */
function tapInlineHeadScript(compiler, pluginName, script, argumentOf) {
  compiler.hooks.compilation.tap(pluginName, (compilation) => {
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(pluginName, (data) => {
      const source = `(${script.toString()})(${JSON.stringify(argumentOf(compilation))})`;
      data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', {}, source));
      return data;
    });
  });
}

module.exports = { tapInlineHeadScript };
