import type { AgentClient } from '@signage/agent-client';
import type { PlayerLog } from './watchdog';

/** Uploads what the player log holds since the last upload, as one file named after the player and the time. */
export async function uploadPlayerLog(client: AgentClient, log: PlayerLog, serial: string): Promise<void> {
  const file = log.upload();
  if (!file) return;
  const stamp = file.ended_at.replace(/\D/g, '').slice(0, 14);
  await client.uploadLog({
    name: `player-${serial.replace(/[^A-Za-z0-9._-]/g, '_')}-${stamp}.log`,
    level: file.level,
    started_at: file.started_at,
    ended_at: file.ended_at,
    content: file.content,
  });
  log.sent(file.count);
}
