import { parseArgs } from 'node:util';
import { ROLES } from '@signage/domain';
import { callAdminSocket } from './admin/client';
import {
  type AdminCommand,
  type AdminResults,
  adminSocketPath,
  runAdminCommand,
  validateAdminInput,
} from './admin/commands';
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError, openDatabase } from './db/client';
import { DEMO_HELP, DemoError, runDemo } from './demo';
import { HttpError } from './http/envelope';
import { FLOORMAP_HELP, runFloorMapCommand } from './modules/floormap';
import type { AdminUserView } from './modules/users';
import { runSimulator, SIMULATOR_HELP } from './simulator';
import { readStdin } from './stdin';

const HELP = `Signage Console admin command line

Usage: npm run cli -- <command> [options]

Commands:
  user add --id ID --role ROLE [--name NAME] [--region CC] [--shop-no NNNN] [--shop-name NAME]
           (--password P | --password-stdin | --sso-only)
                      Create a user. ROLE is one of ${ROLES.join(', ')}.
                      Region-bound roles (all but DS_MK and DS_FRIT) need --region; DS_ST also --shop-no.
                      --sso-only: no password, signs in through single sign-on only (which never
                      signs in as a user with a password; needed for SSO_PROVISIONING=existing).
  user list           List all users.
  user passwd --id ID (--password P | --password-stdin)
                      Set a new password; the user's open sessions end.
  user remove --id ID Delete a user and end their sessions.
${FLOORMAP_HELP}
${SIMULATOR_HELP}
${DEMO_HELP}

Options:
  --password-stdin    Read the password from standard input (keeps it out of shell history).
  -h, --help          Show this help.

The CLI uses the same environment as the server (DATA_DIR, DATABASE_URL). While the server runs, it
sends commands through the server's admin socket (DATA_DIR/admin.sock); otherwise it opens the
database itself.`;

class UsageError extends Error {}

type Parsed = { command: AdminCommand; input: Record<string, unknown> } | { help: true };

const OPTIONS = {
  id: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  region: { type: 'string' },
  'shop-no': { type: 'string' },
  'shop-name': { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  'sso-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function password(values: { password?: string; 'password-stdin'?: boolean }): Promise<string | undefined> {
  if (values.password !== undefined && values['password-stdin']) {
    throw new UsageError('Give either --password or --password-stdin, not both');
  }
  return values['password-stdin'] ? readStdin() : values.password;
}

async function parse(argv: string[]): Promise<Parsed> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return { help: true };
  const [group, action, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'`);
  if (group !== 'user') throw new UsageError(`Unknown command '${positionals.join(' ')}'`);
  switch (action) {
    case 'add':
      return {
        command: 'user-add',
        input: {
          userId: values.id,
          role: values.role,
          name: values.name,
          region: values.region,
          shopNo: values['shop-no'],
          shopName: values['shop-name'],
          password: await password(values),
          ssoOnly: values['sso-only'],
        },
      };
    case 'list':
      return { command: 'user-list', input: {} };
    case 'passwd':
      return { command: 'user-passwd', input: { userId: values.id, password: await password(values) } };
    case 'remove':
      return { command: 'user-remove', input: { userId: values.id } };
    default:
      throw new UsageError(`Unknown command 'user ${action ?? ''}'`.trim());
  }
}

function table(users: AdminUserView[]): string {
  const header = ['ID', 'Name', 'Role', 'Region', 'Shop no', 'Shop name', 'Created (UTC)'];
  const rows = users.map((u) => [
    u.userId,
    u.username,
    u.authority,
    u.region || '-',
    u.shop_no || '-',
    u.shop_name || '-',
    u.created_at.slice(0, 16).replace('T', ' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function describe<C extends AdminCommand>(command: C, input: Record<string, unknown>, result: AdminResults[C]): string {
  const ended = (n: number) => (n === 1 ? '1 session ended' : `${n} sessions ended`);
  switch (command) {
    case 'user-add': {
      const user = result as AdminResults['user-add'];
      return `User ${user.userId} (${user.authority}) created`;
    }
    case 'user-list': {
      const users = result as AdminResults['user-list'];
      return users.length === 0 ? 'No users' : `${table(users)}\n${users.length} user(s)`;
    }
    case 'user-passwd':
      return `Password of ${input.userId} changed (${ended((result as AdminResults['user-passwd']).sessionsEnded)})`;
    default:
      return `User ${input.userId} removed (${ended((result as AdminResults['user-remove']).sessionsEnded)})`;
  }
}

/** Through the running server when there is one; otherwise straight to the database. */
async function execute(command: AdminCommand, input: Record<string, unknown>): Promise<unknown> {
  validateAdminInput(command, input);
  const config = loadConfig(process.env);
  const outcome = await callAdminSocket(adminSocketPath(config), command, input);
  if (outcome.reachable) {
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.error);
    return outcome.data;
  }
  const handle = await openDatabase(config);
  try {
    return await runAdminCommand(handle.db, command, input, 'direct');
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  try {
    const [group, ...rest] = process.argv.slice(2);
    if (group === 'simulate') return await runSimulator(rest);
    if (group === 'demo') return await runDemo(rest, loadConfig(process.env).port);
    if (group === 'floormap') {
      console.info(await runFloorMapCommand(rest, loadConfig(process.env)));
      return 0;
    }
    const parsed = await parse(process.argv.slice(2));
    if ('help' in parsed) {
      console.info(HELP);
      return 0;
    }
    const result = await execute(parsed.command, parsed.input);
    console.info(describe(parsed.command, parsed.input, result as AdminResults[typeof parsed.command]));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\nRun 'npm run cli -- --help' for usage.`);
    } else if (error instanceof DemoError) {
      console.error(error.message);
    } else if (error instanceof HttpError || error instanceof DatabaseOpenError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('The command failed:', error);
    }
    return 1;
  }
}

main().then((code) => process.exit(code));
