import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import {
  type AdminUserView,
  addUser,
  changePassword,
  listAllUsers,
  parseInput,
  removeUser,
  ZAddUser,
  ZChangePassword,
  ZRemoveUser,
} from '../modules/users';

/** How a command reached the database: through the running server's socket, or the CLI opened it itself. */
export type AdminVia = 'socket' | 'direct';

type Handler = (db: Database, input: unknown, via: AdminVia) => Promise<unknown>;

const actor = (via: AdminVia) => ({ actor: 'cli', via });

/**
 * The admin command protocol. The CLI runs these directly or sends them to a running server,
 * which runs the very same function: one implementation, one validation.
 */
const COMMANDS = {
  'user-add': (db, input, via) => addUser(db, input, actor(via)),
  'user-list': (db) => listAllUsers(db),
  'user-passwd': (db, input, via) => changePassword(db, input, actor(via)),
  'user-remove': (db, input, via) => removeUser(db, input, actor(via)),
} satisfies Record<string, Handler>;

export type AdminCommand = keyof typeof COMMANDS;
export type AdminResults = {
  'user-add': AdminUserView;
  'user-list': AdminUserView[];
  'user-passwd': { sessionsEnded: number };
  'user-remove': { sessionsEnded: number };
};

const SCHEMAS: Partial<Record<AdminCommand, Parameters<typeof parseInput>[0]>> = {
  'user-add': ZAddUser,
  'user-passwd': ZChangePassword,
  'user-remove': ZRemoveUser,
};

/**
 * Checks a command's input without touching the database, so the CLI can reject a typo at once.
 * The command revalidates with the same schema wherever it runs.
 */
export function validateAdminInput(command: AdminCommand, input: unknown): void {
  const schema = SCHEMAS[command];
  if (schema) parseInput(schema, input);
}

export function isAdminCommand(name: string): name is AdminCommand {
  return Object.hasOwn(COMMANDS, name);
}

export async function runAdminCommand<C extends AdminCommand>(
  db: Database,
  command: C,
  input: unknown,
  via: AdminVia,
): Promise<AdminResults[C]> {
  if (!isAdminCommand(command)) throw new HttpError(404, `Unknown command ${command}`);
  return (await COMMANDS[command](db, input, via)) as AdminResults[C];
}

/** The server's admin socket lives next to the embedded database, readable by its owner only. */
export function adminSocketPath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'admin.sock');
}
