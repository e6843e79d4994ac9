const { createWebpackConfig } = require('@app/platform/build/webpack-config');

// Remote "mf_invest": exposes its route subtree; the shell mounts it under its paths (shell/src/federation).
module.exports = createWebpackConfig({
  name: 'mf_invest',
  title: 'Invest (standalone)',
  projectRoot: __dirname,
  port: Number(process.env.MF_INVEST_PORT || 4202),
  exposes: { './routes': './src/routes.tsx' },
});
