/**
 * What in a migration an older server could not survive (docs/operations.md section 4, "expand, then
 * contract"). During an upgrade the previous release's servers keep running on the migrated database, so a
 * migration must not take away or change what their code reads and writes:
 * - drop a table, column, view, type, function or index (an old ON CONFLICT needs its unique index);
 * - rename a table, column or constraint;
 * - change a column's type, make it NOT NULL, or drop its default;
 * - add a NOT NULL column without a default (old inserts do not name it);
 * - add a constraint or a unique index to a table that existed before (old writes may break it).
 * Anything on a table created by the same migrations is free: no old server knows that table.
 */
export type Finding = { migration: string; statement: string; why: string };
export type Migration = { name: string; sql: string };

const NAME = '"?([a-z_][a-z0-9_]*)"?';
const RULES: { test: RegExp; why: string }[] = [
  {
    test: /^drop\s+(table|view|materialized\s+view|type|function|sequence|schema)\b/i,
    why: 'drops what old code may use',
  },
  { test: /^drop\s+index\b/i, why: 'drops an index (an old ON CONFLICT may need it)' },
  { test: /\bdrop\s+column\b/i, why: 'drops a column old code reads or writes' },
  { test: /\brename\b/i, why: 'renames what old code names' },
  { test: /\balter\s+column\b[^;]*\b(set\s+data\s+)?type\b/i, why: 'changes a column type' },
  { test: /\bset\s+not\s+null\b/i, why: 'makes a column NOT NULL that old inserts may leave empty' },
  { test: /\bdrop\s+default\b/i, why: 'drops a default old inserts rely on' },
  { test: /\badd\s+constraint\b/i, why: 'adds a constraint old writes may break' },
  { test: /^create\s+unique\s+index\b/i, why: 'adds a unique index old writes may break' },
];
const ADD_COLUMN = /\badd\s+column\s+(?:if\s+not\s+exists\s+)?[^,;]*$/i;

/** The statements of a migration: drizzle's breakpoints, comments and blank lines removed. */
export function statementsOf(sql: string): string[] {
  return sql
    .split('--> statement-breakpoint')
    .map((part) =>
      part
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement !== '');
}

const createdTable = (statement: string) =>
  new RegExp(`^create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(?:"?public"?\\.)?${NAME}`, 'i').exec(statement)?.[1];
/** The table an ALTER TABLE or CREATE INDEX statement is about. */
const tableOf = (statement: string) =>
  new RegExp(`^alter\\s+table\\s+(?:if\\s+exists\\s+)?(?:only\\s+)?(?:"?public"?\\.)?${NAME}`, 'i').exec(
    statement,
  )?.[1] ??
  new RegExp(`^create\\s+(?:unique\\s+)?index\\s+[^;]*?\\bon\\s+(?:only\\s+)?(?:"?public"?\\.)?${NAME}`, 'i').exec(
    statement,
  )?.[1];

/** What in these migrations (in order) an older server could not survive; [] when they only expand. */
export function contractSteps(migrations: Migration[]): Finding[] {
  const created = new Set<string>();
  const findings: Finding[] = [];
  for (const { name, sql } of migrations) {
    for (const statement of statementsOf(sql)) {
      const table = createdTable(statement);
      if (table) {
        created.add(table);
        continue;
      }
      // Function bodies ($$ ... $$) are code, not schema changes: a trigger's UPDATE is not a rename.
      const head = statement.replace(/\$\$[\s\S]*?\$\$/g, '$$$$');
      const target = tableOf(head);
      if (target && created.has(target)) continue;
      const oneLine = head.replace(/\s+/g, ' ');
      const rule = RULES.find((r) => r.test.test(oneLine));
      if (rule) {
        findings.push({ migration: name, statement: oneLine, why: rule.why });
        continue;
      }
      for (const clause of oneLine.replace(/;\s*$/, '').split(/,(?![^(]*\))/)) {
        if (ADD_COLUMN.test(clause) && /\bnot\s+null\b/i.test(clause) && !/\b(default|generated)\b/i.test(clause))
          findings.push({
            migration: name,
            statement: oneLine,
            why: 'adds a NOT NULL column without a default (old inserts omit it)',
          });
      }
    }
  }
  return findings;
}
