import { createAgentClient } from '@signage/agent-client';
import { HEARTBEAT_INTERVAL_SECONDS, PLAYS_MAX_BATCH, type TPlay } from '@signage/domain';
import { startSimulatedPlayer } from '../simulator';
import { type Player, playAt } from './data';

/** A demo player as the live fleet runs it: what it plays, its last play's sequence and when it played up to. */
export type LivePlayer = Player & {
  contents: { id: string; seconds: number }[];
  sequence: number;
  playedUntil: number;
};

/** The fifth player of every ten stays dark on purpose, so the fleet shows what a problem looks like. */
export const isOfflineOnPurpose = (index: number) => index % 10 === 4;

export type LiveOptions = {
  base: string;
  /** Stops the fleet when it settles (Ctrl-C in the CLI). */
  until: Promise<unknown>;
  /** Between two rounds of beats and plays; the players' heartbeat interval by default. */
  roundMs?: number;
  /** Before the first round (0, the fleet as the fill left it) and after each round (1, 2, …); awaited. */
  onRound?: (round: number) => unknown;
  say?: (line: string) => void;
};

/** The plays of one player from where it stopped to `now`: its contents in turn, numbered on from its last. */
export function playsSince(player: LivePlayer, now: number): TPlay[] {
  const plays: TPlay[] = [];
  if (player.contents.length === 0) return plays;
  let at = player.playedUntil;
  for (let i = 0; ; i++) {
    const content = player.contents[i % player.contents.length] as LivePlayer['contents'][number];
    if (at + content.seconds * 1000 > now) break;
    player.sequence += 1;
    plays.push(playAt(player.sequence, content, at, player.zone));
    at += content.seconds * 1000;
  }
  player.playedUntil = at;
  return plays;
}

/**
 * `demo --live`: every player but the dark ones keeps its push channel open and collects its manifest (the
 * simulator's player, which confirms delivery), beats every minute and sends the plays of the minute, until
 * `until` settles; then every channel closes.
 */
export async function runLive(players: LivePlayer[], options: LiveOptions): Promise<void> {
  const say = options.say ?? (() => undefined);
  const live = players
    .filter((_, index) => !isOfflineOnPurpose(index))
    .map((player) => {
      const client = createAgentClient({ baseUrl: options.base, token: player.token });
      const simulated = startSimulatedPlayer({
        client,
        download: false,
        onLine: (line) => say(`${player.deviceCode}: ${line}`),
      });
      return { player, client, simulated };
    });
  say(`${live.length} players live, ${players.length - live.length} offline on purpose. Stop with Ctrl-C.`);
  let stopped = false;
  const stop = options.until.then(() => {
    stopped = true;
  });
  try {
    await options.onRound?.(0);
    for (let round = 1; !stopped; round++) {
      for (const { player, client } of live) {
        if (stopped) break;
        try {
          await client.heartbeat('ok', { time_zone: player.zone });
          const plays = playsSince(player, Date.now());
          for (let from = 0; from < plays.length; from += PLAYS_MAX_BATCH)
            await client.plays(plays.slice(from, from + PLAYS_MAX_BATCH));
        } catch (error) {
          say(`${player.deviceCode}: ${(error as Error).message}`);
        }
      }
      await options.onRound?.(round);
      if (stopped) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        stop,
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.roundMs ?? HEARTBEAT_INTERVAL_SECONDS * 1000);
        }),
      ]);
      clearTimeout(timer);
    }
  } finally {
    await Promise.all(live.map(({ simulated }) => simulated.stop()));
  }
}
