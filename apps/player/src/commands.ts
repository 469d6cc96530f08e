import type { TAgentCommand, TCommandAnswer } from '@signage/agent-client';
import type { KeyValue } from './plays';

const HANDLED_KEY = 'signage.player.commands.handled';
const AFTER_RESTART_KEY = 'signage.player.commands.after-restart';
const HANDLED_KEPT = 50;

/** What the player does for each command; each resolves once done (throws: failed, with the error's message). */
export type CommandActions = {
  /** Takes a screenshot and uploads it as the command's answer. */
  screenshot(commandId: string): Promise<void>;
  /** Collects the manifest afresh and puts the schedule on screen again from its first item. */
  reload(): Promise<void>;
  /** Forgets every downloaded file (memory and IndexedDB) and downloads them again. */
  redownload(): Promise<void>;
  /** Shows the store code and the player's name full-screen for IDENTIFY_SECONDS. */
  identify(shown: NonNullable<TAgentCommand['identify']>): void;
  /** The watchdog's restart: the page reloads (the answer is sent by the page that starts). */
  restart(reason: string): void;
};

export type CommandClient = {
  commands(): Promise<{ commands: TAgentCommand[] }>;
  answerCommand(commandId: string, answer: TCommandAnswer): Promise<unknown>;
};

/**
 * Remote commands (issue 29 item 5): each runs once by its id (the push event and the list asked on each
 * connection may both bring it; the ids handled are kept in storage, so a restarted page does not run its
 * restart again) and is answered done or failed. A restart is answered by the page that starts after it.
 */
export class CommandRunner {
  constructor(
    private readonly client: CommandClient,
    private readonly store: KeyValue,
    private readonly actions: CommandActions,
  ) {}

  private handled(): string[] {
    try {
      return JSON.parse(this.store.getItem(HANDLED_KEY) ?? '[]') as string[];
    } catch {
      return [];
    }
  }

  private remember(commandId: string): void {
    this.store.setItem(HANDLED_KEY, JSON.stringify([...this.handled(), commandId].slice(-HANDLED_KEPT)));
  }

  /** At start: the restart that made this page is done. */
  async started(): Promise<void> {
    const id = this.store.getItem(AFTER_RESTART_KEY);
    if (!id) return;
    await this.client.answerCommand(id, { outcome: 'done' });
    this.store.setItem(AFTER_RESTART_KEY, '');
  }

  /** On each connection of the push channel: the fresh commands it missed. */
  async catchUp(): Promise<void> {
    const { commands } = await this.client.commands();
    for (const command of commands) await this.run(command);
  }

  async run(command: TAgentCommand): Promise<void> {
    if (this.handled().includes(command.command_id)) return;
    this.remember(command.command_id);
    try {
      switch (command.kind) {
        case 'screenshot':
          await this.actions.screenshot(command.command_id);
          return; // the upload is the answer
        case 'reload':
          await this.actions.reload();
          break;
        case 'redownload':
          await this.actions.redownload();
          break;
        case 'identify':
          if (!command.identify) throw new Error('identify: nothing to show');
          this.actions.identify(command.identify);
          break;
        case 'restart':
          this.store.setItem(AFTER_RESTART_KEY, command.command_id);
          this.actions.restart(`restart asked from the console (command ${command.command_id})`);
          return;
      }
      await this.client.answerCommand(command.command_id, { outcome: 'done' });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await this.client.answerCommand(command.command_id, { outcome: 'failed', message }).catch(() => undefined);
    }
  }
}
