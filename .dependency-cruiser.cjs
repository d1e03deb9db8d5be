/**
 * The API's house rules, checked by `npm run check` (dependency-cruiser). The player app has its
 * own: player-web/.dependency-cruiser.cjs.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other in a loop: one of them holds what both need, or the loop is a hidden feature.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Feature folders form a tree: a folder may use another only if that one never uses it back, directly or through others.',
      from: { path: '^services/api/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: ['\\.spec\\.ts$', '/migrations/'] },
  },
};
