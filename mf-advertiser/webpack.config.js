const { createWebpackConfig } = require('@app/platform/build/webpack-config');

// Remote "mf_advertiser": exposes its route subtree; the shell mounts it under its paths (shell/src/federation).
module.exports = createWebpackConfig({
  name: 'mf_advertiser',
  title: 'Advertiser (standalone)',
  projectRoot: __dirname,
  port: Number(process.env.MF_ADVERTISER_PORT || 4204),
  exposes: { './routes': './src/routes.tsx' },
});
