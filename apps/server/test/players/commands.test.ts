import { type AgentEvent, createAgentClient } from '@signage/agent-client';
import { COMMAND_FRESH_SECONDS, SCREENSHOT_MAX_BYTES, SCREENSHOTS_KEPT } from '@signage/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceCommands, devices } from '../../src/db/schema';
import { pairedPlayer, testMedia } from '../agent/fixtures';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';

/**
 * Remote commands and screenshots (issue 29 items 4, 5): asked by the roles that may edit a player within
 * their reach, pushed to the player's channel, answered by the player, audited with who asked.
 */
let t: TestApp;
let base: string;
let frit: { cookie: string; userId: string };
let itJp: string;
let itUs: string;
let st: string;
const media = testMedia();

beforeAll(async () => {
  t = await createTestApp({ media });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const fritUser = await createUser(t.db, { role: 'DS_FRIT' });
  frit = { cookie: await loginAs(t.app, fritUser), userId: fritUser.userId };
  itJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'JP' }));
  itUs = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'US' }));
  st = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0001' }));
});
afterAll(async () => {
  await t?.close();
});

const send = (cookie: string, code: string, kind: string) =>
  t.app.inject({ method: 'POST', url: `/api/devices/${code}/commands`, headers: { cookie }, payload: { kind } });
const list = async (cookie: string, code: string) => {
  const response = await t.app.inject({ url: `/api/devices/${code}/commands`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    commands: {
      command_id: string;
      kind: string;
      state: string;
      message: string | null;
      screenshot_id: string | null;
      requested_by: string;
    }[];
    screenshots: { screenshot_id: string; error: string | null; command_id: string | null; size: number }[];
  };
};
const agent = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A few bytes that start as a JPEG does (the server checks the signature and the size). */
const jpeg = (size = 64, fill = 1) => {
  const bytes = Buffer.alloc(size, fill);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

async function channel(token: string) {
  const abort = new AbortController();
  const stream = createAgentClient({ baseUrl: base, token }).events(abort.signal);
  const next = async () => (await stream.next()).value as AgentEvent;
  expect((await next()).event).toBe('hello');
  return { next, stop: () => abort.abort() };
}

describe('remote commands', () => {
  it('pushes the command to the player, audits who asked, and shows the outcome the player answers', async () => {
    const player = await pairedPlayer(t.db);
    const events = await channel(player.token);
    const sent = await send(frit.cookie, player.deviceCode, 'identify');
    expect(sent.statusCode, sent.body).toBe(200);
    const command = sent.json().data;
    expect(command).toMatchObject({ kind: 'identify', state: 'pending', requested_by: frit.userId, answered_at: null });
    const [row] = await t.db.select().from(devices).where(eq(devices.deviceCode, player.deviceCode));
    const identify = { store_code: row?.shopNo, store_name: row?.shopName, player_name: row?.deviceName };
    expect(await events.next()).toEqual({
      event: 'command',
      data: { command_id: command.command_id, kind: 'identify', identify },
    });
    // Connecting again within the freshness window, the player gets it again (it runs each id once).
    const pending = await agent(player.token, 'GET', '/agent/v1/commands');
    expect(pending.json().data).toEqual({ commands: [{ command_id: command.command_id, kind: 'identify', identify }] });
    events.stop();

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, player.deviceCode), eq(auditLog.action, 'player.command')));
    expect(audit.map((row) => [row.actor, row.detail])).toEqual([
      [frit.userId, { kind: 'identify', command_id: command.command_id }],
    ]);

    const answer = await agent(player.token, 'POST', `/agent/v1/commands/${command.command_id}`, { outcome: 'done' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({ state: 'done' });
    const [shown] = (await list(frit.cookie, player.deviceCode)).commands;
    expect(shown).toMatchObject({ command_id: command.command_id, state: 'done' });

    // A failure says why; an answer to a command already answered changes nothing.
    const restart = (await send(frit.cookie, player.deviceCode, 'restart')).json().data;
    const failed = await agent(player.token, 'POST', `/agent/v1/commands/${restart.command_id}`, {
      outcome: 'failed',
      message: 'the page may not reload',
    });
    expect(failed.json().data).toEqual({ state: 'failed' });
    const again = await agent(player.token, 'POST', `/agent/v1/commands/${restart.command_id}`, { outcome: 'done' });
    expect(again.json().data).toEqual({ state: 'failed' });
    const [latest] = (await list(frit.cookie, player.deviceCode)).commands;
    expect(latest).toMatchObject({ kind: 'restart', state: 'failed', message: 'the page may not reload' });
  });

  it('is for the roles that may edit a player, within their reach', async () => {
    const player = await pairedPlayer(t.db, { region: 'JP', shopNo: '0001' });
    expect((await send(st, player.deviceCode, 'reload')).statusCode).toBe(403);
    const outOfReach = await send(itUs, player.deviceCode, 'reload');
    expect(outOfReach.statusCode).toBe(404);
    expect((await send(itUs, 'NOSUCHPLAYER', 'reload')).json().message).toBe(outOfReach.json().message);
    expect(
      (await t.app.inject({ url: `/api/devices/${player.deviceCode}/commands`, headers: { cookie: itUs } })).statusCode,
    ).toBe(404);
    expect((await send(itJp, player.deviceCode, 'reload')).statusCode).toBe(200);
    expect((await send(itJp, player.deviceCode, 'shutdown')).statusCode).toBe(400);
    // Another player's command is not this player's to answer.
    const other = await pairedPlayer(t.db);
    const [mine] = (await list(itJp, player.deviceCode)).commands;
    const foreign = await agent(other.token, 'POST', `/agent/v1/commands/${mine?.command_id}`, { outcome: 'done' });
    expect(foreign.statusCode).toBe(404);
  });

  it(`hands a returning player only the commands asked in the last ${COMMAND_FRESH_SECONDS} s; older ones are not answered`, async () => {
    const player = await pairedPlayer(t.db);
    const stale = (await send(frit.cookie, player.deviceCode, 'reload')).json().data;
    const fresh = (await send(frit.cookie, player.deviceCode, 'redownload')).json().data;
    await t.db
      .update(deviceCommands)
      .set({ requestedAt: new Date(Date.now() - (COMMAND_FRESH_SECONDS + 1) * 1000) })
      .where(eq(deviceCommands.commandId, stale.command_id));
    const pending = await agent(player.token, 'GET', '/agent/v1/commands');
    expect(pending.json().data).toEqual({ commands: [{ command_id: fresh.command_id, kind: 'redownload' }] });
    const shown = (await list(frit.cookie, player.deviceCode)).commands;
    expect(shown.map((c) => [c.kind, c.state])).toEqual([
      ['redownload', 'pending'],
      ['reload', 'expired'],
    ]);
  });
});

describe('screenshots', () => {
  it('answers the screenshot command with the picture, served to the console as it was sent', async () => {
    const player = await pairedPlayer(t.db);
    const command = (await send(frit.cookie, player.deviceCode, 'screenshot')).json().data;
    const picture = jpeg(2048, 7);
    const upload = await agent(player.token, 'POST', '/agent/v1/screenshots', {
      command_id: command.command_id,
      jpeg: picture.toString('base64'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { screenshot_id } = upload.json().data;
    const shown = await list(frit.cookie, player.deviceCode);
    expect(shown.commands[0]).toMatchObject({ command_id: command.command_id, state: 'done', screenshot_id });
    expect(shown.screenshots).toMatchObject([
      { screenshot_id, command_id: command.command_id, error: null, size: 2048 },
    ]);
    const image = await t.app.inject({
      url: `/api/devices/${player.deviceCode}/screenshots/${screenshot_id}`,
      headers: { cookie: frit.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(picture)).toBe(true);
    // Another player's screenshot id under this player, or a user out of reach: 404.
    const other = await pairedPlayer(t.db);
    const wrong = await t.app.inject({
      url: `/api/devices/${other.deviceCode}/screenshots/${screenshot_id}`,
      headers: { cookie: frit.cookie },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, one too large, and a command that is not its own screenshot command', async () => {
    const player = await pairedPlayer(t.db);
    const notJpeg = await agent(player.token, 'POST', '/agent/v1/screenshots', {
      jpeg: Buffer.from('hello world').toString('base64'),
    });
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json().message).toBe('jpeg must be a base64 JPEG image');
    const large = await agent(player.token, 'POST', '/agent/v1/screenshots', {
      jpeg: jpeg(SCREENSHOT_MAX_BYTES + 3).toString('base64'),
    });
    expect(large.statusCode).toBe(413);
    const reload = (await send(frit.cookie, player.deviceCode, 'reload')).json().data;
    const notScreenshot = await agent(player.token, 'POST', '/agent/v1/screenshots', {
      command_id: reload.command_id,
      jpeg: jpeg().toString('base64'),
    });
    expect(notScreenshot.statusCode).toBe(404);
    expect((await list(frit.cookie, player.deviceCode)).screenshots).toEqual([]);
  });

  it(`keeps a playback error's screenshot with the error, and the last ${SCREENSHOTS_KEPT} per player`, async () => {
    const player = await pairedPlayer(t.db);
    const ids: string[] = [];
    for (let i = 0; i <= SCREENSHOTS_KEPT; i += 1) {
      const upload = await agent(player.token, 'POST', '/agent/v1/screenshots', {
        error: `video ${i} did not play`,
        jpeg: jpeg(100, i).toString('base64'),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      ids.push(upload.json().data.screenshot_id);
    }
    const shown = (await list(frit.cookie, player.deviceCode)).screenshots;
    expect(shown).toHaveLength(SCREENSHOTS_KEPT);
    expect(shown[0]).toMatchObject({ screenshot_id: ids.at(-1), error: `video ${SCREENSHOTS_KEPT} did not play` });
    expect(shown.map((s) => s.screenshot_id)).not.toContain(ids[0]);
    const first = await t.app.inject({
      url: `/api/devices/${player.deviceCode}/screenshots/${ids[0]}`,
      headers: { cookie: frit.cookie },
    });
    expect(first.statusCode).toBe(404);
    expect(await media.blobs.exists(`screenshots/${player.deviceCode}/${ids[0]}.jpg`)).toBe(false);
  });
});
