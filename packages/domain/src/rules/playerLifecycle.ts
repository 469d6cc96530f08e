/**
 * The life of a player row (SPEC.md section 3): born `waiting` when its serial announces, `registered`
 * once staff give it a store and a PIN, `activated` when it pairs with that PIN, `deleted` when staff
 * remove it. A deleted row is kept (play history keeps its store names) and never comes back: the same
 * serial announcing again starts a new row.
 */
export const PLAYER_STATES = ['waiting', 'registered', 'activated', 'deleted'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];

/** What moves a player: staff register it (or issue a new PIN), the player pairs, staff delete it. */
export type PlayerEvent = 'register' | 'pair' | 'delete';

const TRANSITIONS: Record<PlayerState, Partial<Record<PlayerEvent, PlayerState>>> = {
  waiting: { register: 'registered' },
  // Registering again replaces the store details and the PIN of a player that has not paired yet.
  registered: { register: 'registered', pair: 'activated', delete: 'deleted' },
  activated: { delete: 'deleted' },
  deleted: {},
};

/** The state `event` leads to from `state`, or null when the event is impossible there. */
export function nextPlayerState(state: PlayerState, event: PlayerEvent): PlayerState | null {
  return TRANSITIONS[state][event] ?? null;
}

export const canPlayerTransition = (state: PlayerState, event: PlayerEvent): boolean =>
  nextPlayerState(state, event) !== null;

/** The state a stored player is in, from the times its steps happened. */
export function playerStateOf(player: {
  registeredAt: Date | string | null;
  isActivated: boolean;
  deletedAt: Date | string | null;
}): PlayerState {
  if (player.deletedAt !== null) return 'deleted';
  if (player.isActivated) return 'activated';
  return player.registeredAt !== null ? 'registered' : 'waiting';
}
