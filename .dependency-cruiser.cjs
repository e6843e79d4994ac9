// Module boundaries, checked by `npm run lint` (lint:boundaries). Each rule names the architecture decision it
// holds; see ../shared/design/ARCHITECTURE.md §1 and §6.
const API_MODULES = '^services/api/src/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle ties modules together so neither can change alone.',
      severity: 'error',
      from: { path: '^(services|shell|mf-)' },
      to: { circular: true },
    },
    {
      name: 'module-public-surface',
      comment:
        'An API module reaches another only through its public surface (index.ts: commands, queries, events, DTO types). ' +
        'The Nest module file of each is imported by the application module alone.',
      severity: 'error',
      from: { path: API_MODULES },
      to: {
        path: '^services/api/src/modules/([^/]+)/',
        pathNot: ['^services/api/src/modules/$1/', '^services/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'public-surface-is-dependency-free',
      comment: "A module's public surface exports no Nest module, so importing it pulls in no other module's wiring.",
      severity: 'error',
      from: { path: '^services/api/src/modules/[^/]+/index\\.ts$' },
      to: { path: '\\.module\\.ts$' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: it imports nothing but the contracts and its own domain.',
      severity: 'error',
      from: { path: '^services/api/src/modules/([^/]+)/domain/' },
      to: {
        pathNot: ['^services/api/src/modules/$1/domain/', '^services/contracts/', '^node_modules/@app/contracts/', '^node_modules/zod/'],
      },
    },
    {
      name: 'remotes-stay-apart',
      comment: 'A remote never imports another remote or the shell: they build and deploy on their own.',
      severity: 'error',
      from: { path: '^(mf-[a-z]+)/' },
      to: { path: ['^mf-[a-z]+/', '^shell/src/'], pathNot: '^$1/' },
    },
    {
      name: 'platform-never-imports-the-shell',
      comment: 'The platform package is shared by the host and every remote; it cannot depend on the host.',
      severity: 'error',
      from: { path: '^shell/platform/' },
      to: { path: ['^shell/src/', '^mf-[a-z]+/'] },
    },
    {
      name: 'shell-never-imports-remotes',
      comment:
        "The host loads remotes at run time through the manifest, never at build time. One exception: the page headers " +
        "a remote declares for the first paint from the shell's index.html (mf-*/src/first-paint.ts, read when the " +
        'shell is built; data only, see the next rule): a remote deploys without the shell, its new header reaching ' +
        "that first paint with the shell's next build.",
      severity: 'error',
      from: { path: '^shell/src/' },
      to: { path: '^mf-[a-z]+/', pathNot: '^mf-[a-z]+/src/first-paint\\.ts$' },
    },
    {
      name: 'remote-first-paint-is-data-only',
      comment: "A remote's first-paint headers are read by the shell's build: no code of the remote may come with them.",
      severity: 'error',
      from: { path: '^mf-[a-z]+/src/first-paint\\.ts$' },
      to: { path: '.' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/node_modules/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['types', 'main'],
    },
  },
};
