// The boundary lint bites: on a small tree laid out like this repository (the real config, the real table
// owners), the tree as written passes, and each wrong import, cycle or table read makes the check fail, naming
// the rule and the file.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lintBoundaries } from './lint.mjs';
import { checkSizes } from './sizes.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A tree that keeps every rule: server layers, a module through its index, console layers, owned tables. */
const BASE = {
  'apps/server/src/db/schema.ts': `import { pgTable, text } from 'drizzle-orm/pg-core';
export const contents = pgTable('contents', { id: text('id') });
export const playEvents = pgTable('play_events', { id: text('id') });
`,
  'apps/server/src/http/envelope.ts': 'export const ok = (data: unknown) => ({ result: "Success", data });\n',
  'apps/server/src/http/route.ts': "import { ok } from './envelope';\nexport const route = ok;\n",
  'apps/server/src/modules/contents/repo.ts': `import { eq } from 'drizzle-orm';
import { contents } from '../../db/schema';
export const findContent = (id: string) => eq(contents.id, id);
`,
  'apps/server/src/modules/contents/index.ts': "export { findContent } from './repo';\n",
  'apps/server/src/modules/plays/repo.ts': `import { sql } from 'drizzle-orm';
import { playEvents } from '../../db/schema';
export const listPlays = () => sql\`select * from play_events where \${playEvents.id} is not null\`;
`,
  'apps/server/src/modules/plays/index.ts': "export { listPlays } from './repo';\n",
  'apps/server/src/modules/history/service.ts': `import { route } from '../../http/route';
import { findContent } from '../contents';
import { listPlays } from '../plays';
export const history = () => route([findContent('x'), listPlays()]);
`,
  'apps/server/src/modules/history/index.ts': "export { history } from './service';\n",
  'apps/server/src/agent/index.ts':
    "import { findContent } from '../modules/contents';\nexport const agent = findContent;\n",
  'apps/server/src/registry.ts': `import { agent } from './agent';
import { history } from './modules/history';
export const MODULES = [agent, history];
`,
  'apps/console/src/lib/api.ts': 'export const call = (path: string) => fetch(path);\n',
  'apps/console/src/ui/Pager.tsx': "import { call } from '../lib/api';\nexport const Pager = () => call('/');\n",
  'apps/console/src/features/players/PlayerList.tsx':
    "import { Pager } from '../../ui/Pager';\nexport const PlayerList = Pager;\n",
  'apps/console/src/features/tags/TagList.tsx':
    "import { Pager } from '../../ui/Pager';\nexport const TagList = Pager;\n",
  'apps/console/src/app/router.tsx': `import { PlayerList } from '../features/players/PlayerList';
import { TagList } from '../features/tags/TagList';
export const routes = [PlayerList, TagList];
`,
};

const trees = [];

/** Writes BASE with `changes` over it (a null removes a file) into a fresh folder with the repo's config. */
function tree(changes = {}) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const name of ['.dependency-cruiser.cjs', 'tsconfig.base.json'])
    copyFileSync(join(repo, name), join(root, name));
  for (const [file, text] of Object.entries({ ...BASE, ...changes })) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the boundary lint', () => {
  it('passes a tree that keeps every rule', () => {
    const result = lintBoundaries(tree());
    expect(result.tables).toEqual([]);
    expect(result.imports).toContain('no dependency violations found');
    expect(result.ok).toBe(true);
  });

  it('fails when the http layer imports a module', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/http/route.ts': `import type { findContent } from '../modules/contents';
import { ok } from './envelope';
export const route = ok as unknown as typeof findContent;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(
      /server-infrastructure-below-modules: apps\/server\/src\/http\/route\.ts → apps\/server\/src\/modules\/contents\/index\.ts/,
    );
  });

  it("fails when a module imports another module's file instead of its index.ts", () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/modules/history/service.ts': `import { route } from '../../http/route';
import { findContent } from '../contents/repo';
export const history = () => route(findContent('x'));
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(/server-module-through-index: apps\/server\/src\/modules\/history\/service\.ts/);
  });

  it('fails when a module imports the agent', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/modules/history/index.ts':
          "export { history } from './service';\nexport { agent } from '../../agent';\n",
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(/server-modules-never-import-agent: apps\/server\/src\/modules\/history\/index\.ts/);
  });

  it('fails on an import cycle, type-only imports included', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/http/envelope.ts': `import type { route } from './route';
export const ok = (data: unknown) => ({ result: 'Success', data }) as unknown as ReturnType<typeof route>;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(/no-cycle: apps\/server\/src\/http\/(envelope|route)\.ts/);
  });

  it('fails when a package imports an app, or one app another', () => {
    const result = lintBoundaries(
      tree({
        'packages/domain/src/index.ts': "export { call } from '../../../apps/console/src/lib/api';\n",
        'apps/player/src/main.ts': "import { route } from '../../server/src/http/route';\nexport const main = route;\n",
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(
      /domain-is-pure: packages\/domain\/src\/index\.ts → apps\/console\/src\/lib\/api\.ts/,
    );
    expect(result.imports).toMatch(
      /workspace-direction: apps\/player\/src\/main\.ts → apps\/server\/src\/http\/route\.ts/,
    );
  });

  it('fails when a console feature imports another feature', () => {
    const result = lintBoundaries(
      tree({
        'apps/console/src/features/tags/TagList.tsx': `import { PlayerList } from '../players/PlayerList';
export const TagList = PlayerList;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(/console-features-apart: apps\/console\/src\/features\/tags\/TagList\.tsx/);
  });

  it('fails when ui/ imports app/ or a feature', () => {
    const result = lintBoundaries(
      tree({
        'apps/console/src/ui/Pager.tsx': `import { routes } from '../app/router';
import { PlayerList } from '../features/players/PlayerList';
export const Pager = () => [routes, PlayerList];
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imports).toMatch(
      /console-ui-no-app-or-feature: apps\/console\/src\/ui\/Pager\.tsx → apps\/console\/src\/app\/router\.tsx/,
    );
    expect(result.imports).toMatch(
      /console-ui-no-app-or-feature: apps\/console\/src\/ui\/Pager\.tsx → apps\/console\/src\/features/,
    );
  });

  it("fails when a module reads another owner's table through its drizzle object", () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/modules/history/repo.ts': `import { contents as c } from '../../db/schema';
export const names = () => c.id;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.tables).toEqual([
      "modules/history/repo.ts:1: imports contents from '../../db/schema': table contents belongs to modules/contents; use what modules/contents exports",
    ]);
  });

  it("fails when a module names another owner's table in raw SQL", () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/modules/contents/usage.ts': `import { sql } from 'drizzle-orm';
export const played = sql\`exists (select 1 from "play_events" p join contents c on c.id = p.content_id)\`;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.tables).toEqual([
      'modules/contents/usage.ts:2: raw SQL "from "play_events"": table play_events belongs to modules/plays; use what modules/plays exports',
    ]);
  });

  it('does not count a type-only import of a table as a read', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/modules/history/types.ts': `import type { contents } from '../../db/schema';
export type Row = typeof contents.$inferSelect;
`,
      }),
    );
    expect(result.tables).toEqual([]);
  });

  it('reads the tables of the files under db/schema/ and counts an import straight from one', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/db/schema/plays.ts': `import { pgTable, text } from 'drizzle-orm/pg-core';
export const playDaily = pgTable('play_daily', { id: text('id') });
export const widgets = pgTable('widgets', { id: text('id') });
`,
        'apps/server/src/modules/history/repo.ts': `import { playDaily } from '../../db/schema/plays';
export const days = () => playDaily.id;
`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.tables).toEqual([
      'db/schema/plays.ts: table widgets has no owner in TABLE_OWNERS',
      "modules/history/repo.ts:1: imports playDaily from '../../db/schema/plays': table play_daily belongs to modules/plays; use what modules/plays exports",
    ]);
  });

  it('fails when a table has no owner', () => {
    const result = lintBoundaries(
      tree({
        'apps/server/src/db/schema.ts': `${BASE['apps/server/src/db/schema.ts']}export const widgets = pgTable('widgets', { id: text('id') });\n`,
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.tables).toEqual(['db/schema.ts: table widgets has no owner in TABLE_OWNERS']);
  });
});

describe('the file size check', () => {
  const lines = (n) => `${Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n')}\n`;

  it('passes files of 300 lines and fails one of 301, naming it', () => {
    const root = tree({ 'apps/server/src/modules/history/long.ts': lines(301), 'apps/server/src/demo.ts': lines(300) });
    expect(checkSizes(root, {})).toEqual([
      'apps/server/src/modules/history/long.ts: 301 lines, over 300: split it by what it holds',
    ]);
    const result = lintBoundaries(root);
    expect(result.ok).toBe(false);
    expect(result.sizes).toHaveLength(1);
  });

  it('lets an allowed file be long, and fails once the allowance is no longer needed', () => {
    const root = tree({ 'apps/player/src/player.ts': lines(320) });
    expect(checkSizes(root, { 'apps/player/src/player.ts': 'being split' })).toEqual([]);
    expect(
      checkSizes(root, { 'apps/player/src/player.ts': 'being split', 'apps/server/src/demo.ts': 'split' }),
    ).toEqual([
      'apps/server/src/demo.ts: allowed over 300 lines (scripts/boundaries/sizes.mjs) but is not: remove the entry',
    ]);
  });

  it('does not count tests', () => {
    expect(checkSizes(tree({ 'apps/server/src/modules/history/long.test.ts': lines(400) }), {})).toEqual([]);
  });
});
