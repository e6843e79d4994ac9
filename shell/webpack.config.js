const path = require('node:path');
const { createWebpackConfig } = require('@app/platform/build/webpack-config');

module.exports = createWebpackConfig({
  name: 'shell',
  host: true,
  title: 'Rewards',
  description: 'Earn points, keys and gems for what you create and share; invest in content and predict outcomes.',
  projectRoot: __dirname,
  port: Number(process.env.SHELL_PORT || 4200),
  // The dev server serves public/remotes.json (remotes on their dev ports); production serving
  // generates it from the environment (infra/serve-static.mjs).
  staticDirectory: path.join(__dirname, 'public'),
  // A visitor's first page: its chunks start with main.js (the names are the lazy imports' in src/app/app-routes.tsx).
  routePreloads: { '/': 'route-landing', '/auth': 'route-auth' },
  // A signed-in first page: the session (who, with balances) and the reads its header waits for start from index.html,
  // before main.js has run (URLs exactly as the API client builds them, or they are not adopted).
  // A signed-in first page is painted from index.html, frame and page header, before any script (src/app/first-paint-frame.tsx).
  firstPaint: {
    render: path.join(__dirname, 'scripts/render-first-paint.tsx'),
    project: path.join(__dirname, 'tsconfig.json'),
  },
  earlyRequests: {
    always: ['/api/auth/profile', '/api/users/me'],
    routes: { '/wallet': ['/api/users/wallets'] },
  },
});
