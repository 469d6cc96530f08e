import { type TDeliveryReport, type TDevice, ZDeviceList, zEnvelope } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from '../../src/http/serializer';
import { bearer, pairedPlayer, storedImage, testMedia } from '../agent/fixtures';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { heartbeatCall, insertDeviceTag, setDevice } from './fixtures';

/**
 * The player list's answer is written by a serializer compiled from its schema (http/serializer.ts), not by
 * zod's check and JSON.stringify: what it writes must be exactly what the schema allows, every field filled.
 */
describe('compiledSerializer', () => {
  const schema = z.object({
    id: z.string(),
    note: z.string().nullable(),
    inner: z.object({ n: z.number().int(), live: z.enum(['a', 'b']).nullable().optional() }).nullable(),
    list: z.array(z.object({ id: z.string() })),
  });
  const write = compiledSerializer(schema);

  it("writes the schema's properties and nothing else, at every depth", () => {
    const value = {
      id: 'x',
      secret: 'not in the schema',
      note: null,
      inner: { n: 3, extra: true },
      list: [{ id: 'a', token: 'hidden' }],
    };
    expect(JSON.parse(write(value))).toEqual({ id: 'x', note: null, inner: { n: 3 }, list: [{ id: 'a' }] });
    expect(JSON.parse(write({ ...value, inner: null }))).toEqual({
      id: 'x',
      note: null,
      inner: null,
      list: [{ id: 'a' }],
    });
    expect(JSON.parse(write({ ...value, inner: { n: 1, live: 'b' } })).inner).toEqual({ n: 1, live: 'b' });
  });

  it('refuses an answer missing a required property', () => {
    expect(() => write({ note: null, inner: null, list: [] })).toThrow();
  });

  it('refuses a schema JSON Schema cannot state', () => {
    expect(() => compiledSerializer(z.object({ at: z.string().transform((s) => s.length) }))).toThrow();
  });
});

describe('GET /api/devices written by the compiled serializer', () => {
  let t: TestApp;
  const media = testMedia();
  const TAG = '33333333-3333-4333-8333-333333333333';

  beforeAll(async () => {
    t = await createTestApp({ media });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers exactly what the schema allows, with tags, schedules and a delivery report filled in', async () => {
    const mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
    const it_ = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
    await insertDeviceTag(t.db, TAG, 'Window');
    const shopName = `Serialized ${Date.now()}`;
    const player = await pairedPlayer(t.db, { shopName });
    const image = await storedImage(t.db, media.blobs, { name: 'Spring' });
    const tagged = await call(t.app, it_, 'PUT', `/api/devices/${player.deviceCode}`, { tags: [TAG] });
    expectOk(tagged);
    for (const days of [0, 3]) {
      const created = await call(
        t.app,
        mk,
        'POST',
        '/api/schedules',
        createBody([player.deviceCode], [image.id], {
          available_date_from: dayFrom(days),
          available_date_to: dayFrom(days + 1),
          download_allow_hour: '',
        }),
      );
      expectOk(created);
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/agent/v1/manifest', headers: bearer(player.token) });
    expect(manifest.statusCode, manifest.body).toBe(200);
    const delivery: TDeliveryReport = {
      applied_version: manifest.json().data.version,
      pending_version: null,
      on_screen: { kind: 'schedule', schedule_id: null, content_id: image.id, since: new Date().toISOString() },
      download: { done_bytes: 10, total_bytes: 20, files_done: 1, files_total: 2 },
      cache_bytes: 1000,
      quota_bytes: 1_000_000,
      clock_skew_ms: -90_000,
      player_version: '1.2.3',
    };
    expect(
      (await heartbeatCall(t.app, player.token, { status: 'ok', time_zone: 'Asia/Tokyo', delivery })).statusCode,
    ).toBe(200);
    await setDevice(t.db, player.deviceCode, { memo: 'by the "door" \\ 窓 \u2028' });

    const response = await call(t.app, it_, 'GET', `/api/devices?shop_name=${encodeURIComponent(shopName)}`);
    expectOk(response);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(response.body);
    // Nothing the schema would strip, every value of the schema's type.
    expect(zEnvelope(ZDeviceList).parse(body)).toEqual(body);
    const [device] = body.data.devices as TDevice[];
    expect(device).toMatchObject({
      device_code: player.deviceCode,
      memo: 'by the "door" \\ 窓 \u2028',
      tags: [{ id: TAG, en: 'Window' }],
      reported_time_zone: 'Asia/Tokyo',
      is_alive: true,
      has_schedule: true,
      current_schedule: { playlist_name: 'Default playlist' },
      next_schedule: { available_date_from: dayFrom(3) },
      delivery: {
        state: 'up_to_date',
        on_screen: { kind: 'schedule', content_id: image.id, content_name: 'Spring' },
        download: { done_bytes: 10, total_bytes: 20, files_done: 1, files_total: 2 },
        clock_off: true,
        player_version: '1.2.3',
      },
    });
    expect(body.data.summary).toMatchObject({ total: 1 });
  });
});
