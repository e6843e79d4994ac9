const { createWebpackConfig } = require('@app/platform/build/webpack-config');

// Remote "mf_wallet": exposes its route subtree; the shell mounts it under its paths (shell/src/federation).
module.exports = createWebpackConfig({
  name: 'mf_wallet',
  title: 'Wallet (standalone)',
  projectRoot: __dirname,
  port: Number(process.env.MF_WALLET_PORT || 4203),
  exposes: { './routes': './src/routes.tsx' },
});
