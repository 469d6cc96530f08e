import type { Database } from '../../db/client';
import { notifyPlayers } from '../../push';
import { markManifestsChanged } from './served';

/** Players marked a statement: the codes stay well inside a statement's parameters, and the lock order holds. */
const CODES_PER_MARK = 200;

/**
 * What the manifest of these players is made of changed, in the write's transaction (`tx`): the players module
 * owns the manifest version, so it marks their delivery pending until each collects again (confirmed delivery),
 * then the push channel tells their open channels to collect now. Every write that changes a player's manifest
 * (its own edit, a schedule, a content) calls this, never the push channel alone.
 */
export async function changeManifests(tx: Database, deviceCodes: Iterable<string>, reason: string): Promise<void> {
  // In code order, a batch at a time: markManifestsChanged locks each batch's rows in that order (lockPlayers).
  const codes = [...new Set(deviceCodes)].sort();
  const now = new Date();
  for (let at = 0; at < codes.length; at += CODES_PER_MARK) {
    await markManifestsChanged(tx, codes.slice(at, at + CODES_PER_MARK), now);
  }
  await notifyPlayers(tx, codes, reason);
}
