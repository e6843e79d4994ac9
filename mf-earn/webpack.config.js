const { createWebpackConfig } = require('@app/platform/build/webpack-config');

// Remote "mf_earn": exposes its route subtree; the shell mounts it under its paths (shell/src/federation).
module.exports = createWebpackConfig({
  name: 'mf_earn',
  title: 'Earn (standalone)',
  projectRoot: __dirname,
  port: Number(process.env.MF_EARN_PORT || 4201),
  exposes: { './routes': './src/routes.tsx' },
});
