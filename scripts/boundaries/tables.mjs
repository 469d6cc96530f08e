// Table ownership (ARCHITECTURE.md section 2: "each table has one owning module"): every table of
// apps/server/src/db/schema.ts (and the files of db/schema/ it re-exports) is read and written by its owner's files only. Two ways in are checked:
//  - importing the table's object from db/schema (drizzle queries), namespace imports of db/schema included;
//  - naming the table in raw SQL (a `sql` template's text: from / join / into / update / table <name>).
// Other modules reach a table through its owner's exported functions (its index.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * The owner of every table: a folder (or file) under apps/server/src. A table missing here fails the check,
 * so a new table is given an owner when it is added.
 */
export const TABLE_OWNERS = {
  users: 'modules/users',
  login_failures: 'modules/users',
  sessions: 'auth',
  audit_log: 'audit',
  settings: 'modules/tags',
  setting_names_version: 'modules/tags',
  devices: 'modules/players',
  device_commands: 'modules/commands',
  device_screenshots: 'modules/commands',
  emergency_messages: 'modules/emergency',
  emergency_devices: 'modules/emergency',
  player_list_version: 'modules/players',
  device_tags: 'modules/players',
  device_pins: 'modules/players',
  pairing_failures: 'agent',
  device_logs: 'modules/deviceLogs',
  contents: 'modules/contents',
  live_broadcasts: 'modules/live',
  sso_requests: 'modules/sso',
  sso_assertions: 'modules/sso',
  sso_tokens: 'modules/sso',
  schedules: 'modules/schedules',
  schedule_contents: 'modules/schedules',
  schedule_devices: 'modules/schedules',
  play_events: 'modules/plays',
  play_daily: 'modules/plays',
  play_content_daily: 'modules/plays',
  play_content_months: 'modules/plays',
  play_acks: 'modules/plays',
  maintenance_runs: 'modules/orphans',
  alert_subscriptions: 'modules/alerts',
  alert_states: 'modules/alerts',
  alert_messages: 'modules/alerts',
  alert_deliveries: 'modules/alerts',
  store_hours: 'modules/hours',
  store_hours_exceptions: 'modules/hours',
  store_hours_windows: 'modules/hours',
};

/** Files that may name any table: the schema itself and the database plumbing (client, template, migrations). */
export const NEUTRAL = ['db'];

/**
 * Reads outside the owner, each with its reason. Keep this short: the integrator removes an entry with the
 * code it excuses.
 */
export const EXCEPTIONS = [
  {
    file: 'auth/repo.ts',
    table: 'users',
    why:
      'the session lookup joins its user in one prepared query, run by every guarded request (auth sits below ' +
      'modules, so it cannot ask modules/users); it only reads',
  },
];

const SQL_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Export name of each table object in a schema file's text -> its SQL name. */
export function tablesOfSchema(schemaText) {
  const tables = new Map();
  for (const match of schemaText.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
    tables.set(match[1], match[2]);
  }
  return tables;
}

const within = (file, owner) => file === owner || file.startsWith(`${owner}/`) || file.startsWith(`${owner}.`);

/** The tables one file uses: `{ table, how, line }` for each import of a table object and each raw SQL name. */
export function tablesUsedBy(fileName, text, tables) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const sqlNames = new Set(tables.values());
  const uses = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      // A type (a row's shape) reads nothing: only value imports count.
      if (/(^|\/)db\/schema(\.ts|\/[\w.]+)?$/.test(from) && !node.importClause?.isTypeOnly) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          uses.push({ table: '*', how: `import * as ${bindings.name.text} from '${from}'`, line: lineOf(node) });
        } else if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (element.isTypeOnly) continue;
            const name = (element.propertyName ?? element.name).text;
            const table = tables.get(name);
            if (table) uses.push({ table, how: `imports ${name} from '${from}'`, line: lineOf(element) });
          }
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && /(^|\.)sql$/.test(node.tag.getText(source))) {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) {
        for (const match of part.matchAll(SQL_TABLE)) {
          const table = match[1].toLowerCase();
          if (sqlNames.has(table)) uses.push({ table, how: `raw SQL "${match[0].trim()}"`, line: lineOf(node) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/**
 * The violations in a server source tree (`root` = apps/server/src): each use of a table outside its owner,
 * and each table without an owner.
 */
export function checkTables(root, owners = TABLE_OWNERS, exceptions = EXCEPTIONS) {
  const schemaFiles = [join(root, 'db', 'schema.ts')];
  if (existsSync(join(root, 'db', 'schema'))) schemaFiles.push(...sourceFiles(join(root, 'db', 'schema')));
  const tables = new Map();
  const problems = [];
  for (const path of schemaFiles) {
    for (const [name, table] of tablesOfSchema(readFileSync(path, 'utf8'))) {
      tables.set(name, table);
      if (!owners[table]) {
        problems.push(`${relative(root, path).split(sep).join('/')}: table ${table} has no owner in TABLE_OWNERS`);
      }
    }
  }
  for (const path of sourceFiles(root)) {
    const file = relative(root, path).split(sep).join('/');
    if (NEUTRAL.some((neutral) => within(file, neutral))) continue;
    for (const use of tablesUsedBy(file, readFileSync(path, 'utf8'), tables)) {
      if (use.table === '*') {
        problems.push(`${file}:${use.line}: ${use.how}: name the tables this file owns instead`);
        continue;
      }
      const owner = owners[use.table];
      if (!owner || within(file, owner)) continue;
      if (exceptions.some((e) => e.file === file && e.table === use.table)) continue;
      problems.push(
        `${file}:${use.line}: ${use.how}: table ${use.table} belongs to ${owner}; use what ${owner} exports`,
      );
    }
  }
  return problems;
}
