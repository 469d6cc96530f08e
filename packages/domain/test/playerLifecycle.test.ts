import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canPlayerTransition, nextPlayerState, PLAYER_STATES, type PlayerEvent, playerStateOf } from '../src';

const EVENTS: PlayerEvent[] = ['register', 'pair', 'delete'];

describe('player lifecycle', () => {
  it('walks waiting -> registered -> activated -> deleted', () => {
    expect(nextPlayerState('waiting', 'register')).toBe('registered');
    expect(nextPlayerState('registered', 'register')).toBe('registered');
    expect(nextPlayerState('registered', 'pair')).toBe('activated');
    expect(nextPlayerState('activated', 'delete')).toBe('deleted');
    expect(nextPlayerState('registered', 'delete')).toBe('deleted');
  });

  it('refuses impossible steps', () => {
    expect(nextPlayerState('waiting', 'pair')).toBeNull();
    expect(nextPlayerState('waiting', 'delete')).toBeNull();
    expect(nextPlayerState('activated', 'register')).toBeNull();
    expect(nextPlayerState('activated', 'pair')).toBeNull();
    expect(canPlayerTransition('activated', 'pair')).toBe(false);
    expect(canPlayerTransition('registered', 'pair')).toBe(true);
  });

  it('never leaves deleted', () => {
    fc.assert(fc.property(fc.constantFrom(...EVENTS), (event) => nextPlayerState('deleted', event) === null));
  });

  it('only ever reaches a known state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAYER_STATES), fc.constantFrom(...EVENTS), (state, event) => {
        const next = nextPlayerState(state, event);
        return next === null || PLAYER_STATES.includes(next);
      }),
    );
  });

  it('reads the state of a stored player from its times', () => {
    const at = new Date('2026-05-01T12:00:00Z');
    expect(playerStateOf({ registeredAt: null, isActivated: false, deletedAt: null })).toBe('waiting');
    expect(playerStateOf({ registeredAt: at, isActivated: false, deletedAt: null })).toBe('registered');
    expect(playerStateOf({ registeredAt: at, isActivated: true, deletedAt: null })).toBe('activated');
    expect(playerStateOf({ registeredAt: at, isActivated: true, deletedAt: at })).toBe('deleted');
  });
});
