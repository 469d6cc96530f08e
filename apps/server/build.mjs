#!/usr/bin/env node
// Builds the server for `npm start`: src/main.ts and the workspace packages it imports (@signage/*, which
// ship TypeScript) bundled into dist/main.mjs; every other package stays an import resolved from
// node_modules at run time, as when it runs from its sources. Running the bundle with plain node spares
// the process tsx's loader (a second V8 isolate for the module hooks, TypeScript transformed at each start):
// about 45 MB of resident memory and part of the cold start (issue 15 items 4, 5). Tests and the CLI still
// run the sources with tsx. dist/ sits one folder below the package, as src/ does, so src/paths.ts finds
// the package's folder from either.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const outdir = join(root, 'dist');

/** Bare imports other than the workspace's own packages are left to Node at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@signage/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: join(root, 'src/main.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Names stay as written: logs and errors name the functions and classes of the sources.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
