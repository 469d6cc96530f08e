import type { AgentClient } from '@signage/agent-client';
import type { TIdentifyShown } from '@signage/domain';
import { CommandRunner } from './commands';
import { captureScreen } from './screenshot';
import type { PlayerLog } from './watchdog';

/** A playback error's own screenshot: at most one in this long. */
export const ERROR_SCREENSHOT_MS = 10 * 60_000;

export type RemoteDeps = {
  app: HTMLElement;
  client: AgentClient;
  log: PlayerLog;
  identify: (shown: TIdentifyShown) => void;
  /** The screen cleared, the manifest collected afresh (and, with `forget`, every file downloaded again). */
  reload: (forget: boolean) => Promise<void>;
};

/**
 * The player's side of remote commands and screenshots (issue 29 items 4, 5): what each command does, and the
 * screenshot taken with a playback error the watchdog found (with the error; at most one in 10 minutes).
 */
export function remoteControl({ app, client, log, identify, reload }: RemoteDeps) {
  const commands = new CommandRunner(client, localStorage, {
    screenshot: async (commandId) => {
      await client.uploadScreenshot({ command_id: commandId, jpeg: await captureScreen(app) });
    },
    reload: () => reload(false),
    redownload: () => reload(true),
    identify,
    restart: (reason) => {
      log.write('WARNING', reason);
      log.reloading(reason);
      location.reload();
    },
  });
  let errorShotAt = Number.NEGATIVE_INFINITY;
  const errorScreenshot = (error: string) => {
    if (Date.now() - errorShotAt < ERROR_SCREENSHOT_MS) return;
    errorShotAt = Date.now();
    void captureScreen(app)
      .then((jpeg) => client.uploadScreenshot({ error: error.slice(0, 500), jpeg }))
      .catch((failure) => log.write('WARNING', `screenshot of a playback error not sent: ${String(failure)}`));
  };
  return { commands, errorScreenshot };
}
