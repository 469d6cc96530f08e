// The import boundaries of ARCHITECTURE.md section 2, checked by `npm run lint:deps` (and `npm test`'s lint step).
// Layers, lowest first:
//   packages/domain  <-  packages/agent-client  <-  apps/{server,console,player}   (apps never import each other)
//   server: infrastructure (db, blob, config, http, auth, audit, push, live, media, console, metrics)
//           <- modules/<name> (features; each reached through its index.ts)
//           <- agent (the player protocol, which uses the modules)
//   server: simulator (a client of the player protocol through packages/agent-client; infrastructure only)
//           <- composition (app.ts, registry.ts, server.ts, main.ts, cli.ts, admin/, demo.ts, demo/)
//   console: lib (contract client, session, navigation)  <-  ui (pieces with no feature knowledge)
//           <- features/<name> (never each other)  <-  app (router, shell, providers)
// Exceptions are named, with the work that removes them.
const SERVER = '^apps/server/src/';
const INFRA = `${SERVER}(db|blob|http|auth|audit|push|live|media|console|metrics)/|${SERVER}(config|configEnv|paths|stdin)\\.ts$`;
const COMPOSITION = `${SERVER}(admin/|demo/|(app|registry|server|main|cli|demo)\\.ts$)`;
const CONSOLE = '^apps/console/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles anywhere (type-only imports included): break one by design, a port or a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'workspace-direction',
      severity: 'error',
      comment:
        'Dependencies point one way: apps -> packages; domain imports no other workspace; apps never import each other.',
      from: { path: '^(packages|apps)/([^/]+)/' },
      to: { path: '^(apps|packages)/', pathNot: ['^$1/$2/', '^packages/domain/', '^packages/agent-client/'] },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain runs in the browser and in Node: it imports no other workspace.',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages)/', pathNot: '^packages/domain/' },
    },
    {
      name: 'server-infrastructure-below-modules',
      severity: 'error',
      comment:
        'http/, auth/ and the other infrastructure folders sit below the modules: they define what they need ' +
        '(types, ports) and the modules depend on them, never the other way.',
      from: { path: INFRA },
      to: { path: `${SERVER}(modules|agent)/|${COMPOSITION}` },
    },
    {
      name: 'server-modules-never-import-agent',
      severity: 'error',
      comment:
        'The player protocol (agent/) uses the modules; a module never imports it (registration is in registry.ts).',
      from: { path: `${SERVER}modules/` },
      to: { path: `${SERVER}agent/|${COMPOSITION}` },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment: 'Another module is reached through its index.ts only, never a file inside it.',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'server-outside-through-index',
      severity: 'error',
      comment: 'Code outside modules/ reaches a module through its index.ts only.',
      from: { path: SERVER, pathNot: `${SERVER}modules/` },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-agent-through-index',
      severity: 'error',
      comment: 'The player protocol is reached through agent/index.ts (the registry).',
      from: { path: SERVER, pathNot: `${SERVER}agent/` },
      to: { path: `${SERVER}agent/`, pathNot: `${SERVER}agent/index\\.ts$` },
    },
    {
      name: 'server-simulator-is-a-client',
      severity: 'error',
      comment:
        'The player simulator talks to a server over the player protocol (packages/agent-client): it never ' +
        'imports the modules, the agent or the composition.',
      from: { path: `${SERVER}simulator/` },
      to: { path: `${SERVER}(modules|agent)/|${COMPOSITION}` },
    },
    {
      name: 'server-simulator-through-index',
      severity: 'error',
      comment: 'The simulator is reached through simulator/index.ts (the CLI).',
      from: { path: SERVER, pathNot: `${SERVER}simulator/` },
      to: { path: `${SERVER}simulator/`, pathNot: `${SERVER}simulator/index\\.ts$` },
    },
    {
      name: 'console-features-apart',
      severity: 'error',
      comment: 'Features never import each other: what two features share moves to ui/ (or lib/, or domain).',
      from: { path: `${CONSOLE}features/([^/]+)/` },
      to: { path: `${CONSOLE}features/`, pathNot: `${CONSOLE}features/$1/` },
    },
    {
      name: 'console-ui-no-app-or-feature',
      severity: 'error',
      comment:
        'ui/ holds pieces with no feature knowledge: it never imports app/ or a feature (its tests may render the app providers).',
      from: { path: `${CONSOLE}ui/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${CONSOLE}(app|features)/` },
    },
    {
      name: 'console-lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ (the contract client, the signed-in session, navigation) is below ui/, the features and the app.',
      from: { path: `${CONSOLE}lib/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${CONSOLE}(app|features|ui)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Type-only imports count: a type cycle is a design cycle too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
  },
};
