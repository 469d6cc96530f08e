#!/usr/bin/env node
// Builds the server for `npm start`: src/main.ts and the workspace packages it imports (@signage/*, which
// ship TypeScript) bundled into dist/main.mjs; every other package stays an import resolved from
// node_modules at run time, as when it runs from its sources. Running the bundle with plain node spares
// the process tsx's loader (a second V8 isolate for the module hooks, TypeScript transformed at each start):
// about 45 MB of resident memory and part of the cold start (issue 15 items 4, 5). Tests and the CLI still
// run the sources with tsx. dist/ sits one folder below the package, as src/ does, so src/paths.ts finds
// the package's folder from either.
//
// It then makes dist/pglite-template, the migrated, empty embedded database a first start copies instead
// of running PGlite's initdb and the migrations (src/db/pgliteTemplate.ts): made once, kept across builds
// while PGlite and the migrations are the same.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
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

// Everything but the template (which the maker below checks and remakes when stale).
for (const entry of existsSync(outdir) ? readdirSync(outdir) : []) {
  if (entry !== 'pglite-template') rmSync(join(outdir, entry), { recursive: true, force: true });
}
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Names stay as written: logs and errors name the functions and classes of the sources.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
};
await build({
  ...common,
  entryPoints: { main: join(root, 'src/main.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  // main.ts imports the server's modules dynamically (after a first start's copy has begun): a chunk.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
});

// Run from dist/ (as the server is: paths.ts finds the package from there), then removed.
const maker = join(outdir, 'make-pglite-template.mjs');
await build({ ...common, entryPoints: [join(root, 'src/db/makeTemplate.ts')], outfile: maker });
try {
  execFileSync(process.execPath, [maker], { stdio: 'inherit' });
} finally {
  rmSync(maker, { force: true });
}
