import type { TAgentCommand, TCommandAnswer } from '@signage/agent-client';
import { describe, expect, it } from 'vitest';
import { type CommandActions, CommandRunner } from '../src/commands';
import { containRect } from '../src/screenshot';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function setup(pending: TAgentCommand[] = [], store = memoryStore()) {
  const answers: [string, TCommandAnswer][] = [];
  const done: string[] = [];
  const actions: CommandActions = {
    screenshot: async (id) => void done.push(`screenshot ${id}`),
    reload: async () => void done.push('reload'),
    redownload: async () => {
      throw new Error('storage is full');
    },
    identify: (shown) => void done.push(`identify ${shown.store_code} ${shown.player_name}`),
    restart: (reason) => void done.push(`restart: ${reason}`),
  };
  const client = {
    commands: async () => ({ commands: pending }),
    answerCommand: async (id: string, answer: TCommandAnswer) => void answers.push([id, answer]),
  };
  return { runner: new CommandRunner(client, store, actions), answers, done, store };
}

const identify = { store_code: '0012', store_name: 'Shibuya', player_name: 'WP-1' };

describe('remote commands on the player', () => {
  it('runs each command once and answers it done, or failed with why', async () => {
    const { runner, answers, done } = setup();
    await runner.run({ command_id: 'a', kind: 'identify', identify });
    await runner.run({ command_id: 'a', kind: 'identify', identify }); // the push and the catch-up both brought it
    await runner.run({ command_id: 'b', kind: 'reload' });
    await runner.run({ command_id: 'c', kind: 'redownload' });
    expect(done).toEqual(['identify 0012 WP-1', 'reload']);
    expect(answers).toEqual([
      ['a', { outcome: 'done' }],
      ['b', { outcome: 'done' }],
      ['c', { outcome: 'failed', message: 'storage is full' }],
    ]);
  });

  it('leaves a screenshot to its upload, and answers a restart from the page that starts after it', async () => {
    const store = memoryStore();
    const first = setup(
      [
        { command_id: 'r', kind: 'restart' },
        { command_id: 's', kind: 'screenshot' },
      ],
      store,
    );
    await first.runner.catchUp();
    expect(first.done).toEqual(['restart: restart asked from the console (command r)', 'screenshot s']);
    expect(first.answers).toEqual([]);
    // The page after the restart: the restart is done, and catching up does not run it again.
    const second = setup([{ command_id: 'r', kind: 'restart' }], store);
    await second.runner.started();
    await second.runner.catchUp();
    expect(second.answers).toEqual([['r', { outcome: 'done' }]]);
    expect(second.done).toEqual([]);
  });
});

describe('the screenshot', () => {
  it('places media as object-fit: contain does', () => {
    const wide = containRect(1920, 1080, { x: 0, y: 0, w: 1000, h: 1000 });
    expect([wide.x, wide.y, wide.w, wide.h].map((n) => Math.round(n * 100) / 100 + 0)).toEqual([
      0, 218.75, 1000, 562.5,
    ]);
    expect(containRect(500, 1000, { x: 10, y: 0, w: 1000, h: 500 })).toEqual({ x: 385, y: 0, w: 250, h: 500 });
  });
});
