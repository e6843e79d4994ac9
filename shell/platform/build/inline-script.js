const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * Puts `(script)(argument)` into index.html for the first-page plugins: as the first tag of the head (route preloads,
 * early API requests), or with `where: 'body'` at the end of the body, after #root (the first-paint frame). `script`
 * is a self-contained function (its source is inlined, so it may not close over anything) and
 * `argumentOf(compilation)` the JSON it runs with (`<` escaped, so that no `</script>` in it ends the tag).
 */
function tapInlineScript(compiler, pluginName, script, argumentOf, where = 'head') {
  compiler.hooks.compilation.tap(pluginName, (compilation) => {
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(pluginName, (data) => {
      const argument = JSON.stringify(argumentOf(compilation)).replace(/</g, '\\u003c');
      const tag = HtmlWebpackPlugin.createHtmlTagObject('script', {}, `(${script.toString()})(${argument})`);
      if (where === 'body') data.bodyTags.unshift(tag);
      else data.headTags.unshift(tag);
      return data;
    });
  });
}

module.exports = { tapInlineScript };
