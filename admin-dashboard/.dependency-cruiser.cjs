/**
 * The dashboard's house rules, checked by dependency-cruiser (`npm run check`). From the
 * repository's root:
 *
 *   npx depcruise --config admin-dashboard/.dependency-cruiser.cjs admin-dashboard/src
 *
 * The layers, from the top:
 *   src/app.tsx, src/main.tsx    the Admin: every resource, the home page and the layout put together
 *   src/layout, src/dashboard    the frame (menu, site switcher, login) and the home page: they compose
 *                                resources' pieces (the alert banner, the active-players filter)
 *   src/resources/<resource>/    one react-admin resource each (list, show, edit, its own pieces)
 *   src/components, src/lib,     shared by every resource: UI pieces, the records' types, the club's
 *   src/providers, src/i18n      clock and formats, the live socket, the data and auth providers, texts
 *   @kort/contracts, packages    the shared contract with the API, and npm packages
 *
 * Paths are matched with or without the leading "admin-dashboard/", so the check also runs from
 * inside admin-dashboard (`npx depcruise --config .dependency-cruiser.cjs src`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const path = require('node:path');

const SRC = '^(?:admin-dashboard/)?src/';
const SHARED = `${SRC}(?:components|lib|providers|i18n)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file imports itself through others: what two files both need goes into a third, lower one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-resource',
      severity: 'error',
      comment:
        'A resource never imports another resource. What two resources share (a record type, a label, a hook) ' +
        'moves down to lib/ or components/; a screen that shows two resources is put together in dashboard/ or layout/.',
      from: { path: `${SRC}resources/([^/]+)/` },
      to: { path: `${SRC}resources/`, pathNot: `${SRC}resources/$1/` },
    },
    {
      name: 'resources-use-only-shared-code',
      severity: 'error',
      comment:
        'A resource imports its own files, the shared folders, @kort/contracts and npm packages: never the home ' +
        'page, the layout or the app that compose it.',
      from: { path: `${SRC}resources/([^/]+)/` },
      to: {
        pathNot: [
          `${SRC}resources/$1/`,
          SHARED,
          '^(?:\\.\\./)?services/contracts/',
          '^@kort/contracts$',
          '(?:^|/)node_modules/',
        ],
      },
    },
    {
      name: 'shared-code-knows-no-screen',
      severity: 'error',
      comment: 'The shared folders are below every resource, the home page and the layout: they import none of them.',
      from: { path: SHARED },
      to: { path: `${SRC}(?:resources|dashboard|layout)/|${SRC}(?:app|main)\\.tsx$` },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or a package (a typo would otherwise slip past the rules above).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^@kort/contracts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a resource may not reach into another even for a type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
