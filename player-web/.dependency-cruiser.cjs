/**
 * The player app's house rules (bulletproof-react), checked by dependency-cruiser. From the
 * repository's root:
 *
 *   npx depcruise --config player-web/.dependency-cruiser.cjs player-web/src
 *
 * The layers, from the top:
 *   src/app                      the router and the providers: the only place that composes features
 *   src/features/<feature>/      api/ (one file per endpoint (or per pair that differs only by its action): its fetcher and its query or mutation
 *                                hook), components/, hooks/
 *   src/components, src/lib      shared by every feature: UI pieces, the API client, the error
 *                                texts, the Russian messages, the query keys
 *   @kort/contracts, packages    the shared contract with the API, and npm packages
 *
 * Paths are matched with or without the leading "player-web/", so the check also runs from inside
 * player-web (`npx depcruise --config .dependency-cruiser.cjs src`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const path = require('node:path');

const SRC = '^(?:player-web/)?src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No file imports itself through others: what two files both need goes into a third, lower one (lib or components).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature. What two features share moves down to lib/ or components/; a screen ' +
        "that needs two features is put together in app/ (app/routes/register-route.tsx hands the rules feature's " +
        "consents to the registration screen). A change one feature makes to another's data goes through the shared " +
        'query keys (lib/query-keys.ts), not through an import.',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$1/` },
    },
    {
      name: 'features-use-only-shared-code',
      severity: 'error',
      comment:
        'A feature imports its own files, lib/, components/, @kort/contracts and npm packages, nothing else of the ' +
        'repository (not app/, not main.tsx, not another workspace).',
      from: { path: `${SRC}features/([^/]+)/` },
      to: {
        pathNot: [
          `${SRC}features/$1/`,
          `${SRC}(?:lib|components)/`,
          // @kort/contracts: its build (through the workspace link), its source (through tsconfig.json's
          // paths, when run from player-web), or the bare name while it is not built yet.
          '^(?:\\.\\./)?services/contracts/',
          '^@kort/contracts$',
          '(?:^|/)node_modules/',
        ],
      },
    },
    {
      name: 'shared-code-knows-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ are below every feature and below app/: they never import either.',
      from: { path: `${SRC}(?:lib|components)/` },
      to: { path: `${SRC}(?:features|app)/` },
    },
    {
      name: 'lib-below-components',
      severity: 'error',
      comment:
        'lib/ (the API client, errors, messages, query keys, the club clock) holds no UI: it never imports components/.',
      from: { path: `${SRC}lib/` },
      to: { path: `${SRC}components/` },
    },
    {
      name: 'only-app-composes',
      severity: 'error',
      comment: 'app/ is the top: only app/ itself and main.tsx (the entry) import it.',
      from: { pathNot: `${SRC}(?:app/|main\\.tsx$)` },
      to: { path: `${SRC}app/` },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or a package (a typo would otherwise slip past the rules above).',
      from: {},
      // @kort/contracts resolves to its build: before the first build it is known by name only.
      to: { couldNotResolve: true, pathNot: '^@kort/contracts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a feature may not reach into another even for a type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
