import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAYS_MAX_BATCH, type TPlay } from '@signage/domain';
import { COUNTRIES, IMAGES, makeMedia, type Player, playsOf, type Store, seededRandom, VIDEO } from './demo/data';
import { type LivePlayer, runLive } from './demo/live';
import { readStdin } from './stdin';

export { seededRandom };

export const DEMO_HELP = `  demo [--url URL] [--id ID] (--password P | --password-stdin) [--players N] [--days N] [--live]
                      Fill a running server with a believable fleet through its API, as staff and
                      players would: stores in Japan, the United States, Taiwan, Korea and the United
                      Kingdom (N players, default 40), images and a video, a schedule per country, and
                      plays for the last N days (default 30), so that every screen shows data.
                      Signs in as --id (default admin, a DS_FRIT user). With --live it then keeps the
                      fleet running until Ctrl-C: the players beat every minute, collect their schedules
                      and send what they play; one in ten stays offline on purpose.`;

class DemoError extends Error {}

type Api = {
  json: (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<unknown>;
  form: (url: string, form: FormData) => Promise<unknown>;
};

function apiOf(base: string, cookie: () => string | null): Api {
  const send = async (method: string, url: string, body: BodyInit | undefined, headers: Record<string, string>) => {
    const session = cookie();
    const response = await fetch(new URL(url, base), {
      method,
      body,
      headers: { accept: 'application/json', ...(session ? { cookie: session } : {}), ...headers },
    });
    const payload = (await response.json().catch(() => null)) as {
      result?: string;
      message?: string;
      data?: unknown;
    } | null;
    if (!response.ok || payload?.result !== 'Success') {
      throw new DemoError(`${method} ${url}: ${response.status} ${payload?.message ?? ''}`.trim());
    }
    return payload.data;
  };
  return {
    json: (method, url, body, headers = {}) =>
      send(method, url, body === undefined ? undefined : JSON.stringify(body), {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      }),
    form: (url, form) => send('POST', url, form, {}),
  };
}

/** Announces a serial, registers it to a store (staff) and pairs it with the PIN, as a real player gets there. */
async function makePlayer(staff: Api, agent: Api, country: Store, index: number, store: string): Promise<Player> {
  const serial = `DEMO-${country.region}-${randomBytes(4).toString('hex').toUpperCase()}`;
  await agent.json('POST', '/agent/v1/announce', { serial, time_zone: country.zone });
  const issued = (await staff.json('POST', '/api/registrations', {
    region: country.region,
    shop_no: String(101 + index).padStart(4, '0'),
    shop_name: store,
    display_pattern: 'Multi,CW',
    memo: index % 3 === 0 ? 'Window display' : index % 3 === 1 ? 'Cashier' : '',
    device_name: serial,
    store_type: index === 0 ? '3Flagship' : index < 4 ? '2Large' : '1SmallMid',
    device_type: index % 3 === 0 ? '2W' : index % 3 === 1 ? '4Cashier' : '5Entrance',
  })) as { pin: string };
  const paired = (await agent.json('POST', '/agent/v1/pair', { serial, pin: issued.pin })) as {
    device_code: string;
    token: string;
  };
  return {
    deviceCode: paired.device_code,
    token: paired.token,
    region: country.region,
    zone: country.zone,
  };
}

const OPTIONS = {
  url: { type: 'string' },
  id: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  players: { type: 'string' },
  days: { type: 'string' },
  live: { type: 'boolean' },
} as const;

/** For tests: what stops `--live` (Ctrl-C by default), how often its rounds run, and each round. */
export type DemoHooks = { until?: Promise<unknown>; roundMs?: number; onRound?: (round: number) => unknown };

/** When the last of some plays ended (0 for none). */
const lastEnd = (plays: TPlay[]) => {
  const last = plays.at(-1);
  return last ? Date.parse(last.started_at) + last.duration_ms : 0;
};

/** Settles on the first Ctrl-C (or SIGTERM). */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

/** `npm run cli -- demo`: see DEMO_HELP. Answers the process exit code. */
export async function runDemo(argv: string[], port: number, hooks: DemoHooks = {}): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true });
  const base = values.url ?? `http://127.0.0.1:${port}`;
  const count = Number(values.players ?? '40');
  const days = Number(values.days ?? '30');
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new DemoError('--players is a number from 1 to 1000');
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new DemoError('--days is a number from 1 to 366');
  const password = values['password-stdin'] ? await readStdin() : (values.password ?? process.env.ADMIN_PASSWORD);
  if (!password) throw new DemoError('Give the password with --password, --password-stdin or ADMIN_PASSWORD');
  const userId = values.id ?? 'admin';

  let cookie: string | null = null;
  const staff = apiOf(base, () => cookie);
  const agent = apiOf(base, () => null);
  const signIn = await fetch(new URL(`/api/users/${encodeURIComponent(userId)}/auth`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  }).catch((error: unknown) => {
    throw new DemoError(`The server at ${base} did not answer (${String(error)}). Start it with npm start first.`);
  });
  const session = /sid=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  if (!signIn.ok || !session) throw new DemoError(`Could not sign in as ${userId} (${signIn.status})`);
  cookie = `sid=${session}`;

  const dir = await mkdtemp(path.join(tmpdir(), 'signage-demo-'));
  try {
    console.info('Making images and a video with ffmpeg…');
    const media = await makeMedia(dir);
    const contents: { id: string; name: string; seconds: number }[] = [];
    for (const [i, name] of IMAGES.entries()) {
      const form = new FormData();
      form.set('name', name);
      form.set('display_pattern', 'Multi,CW');
      form.set('region', '');
      form.set('content', new Blob([new Uint8Array(media.images[i] as Buffer)], { type: 'image/png' }), `${name}.png`);
      const content = (await staff.form('/api/contents', form)) as { content_id: string };
      contents.push({ id: content.content_id, name, seconds: 10 });
    }
    const film = new FormData();
    film.set('name', VIDEO);
    film.set('display_pattern', 'Multi,CW');
    film.set('region', '');
    film.set('content', new Blob([new Uint8Array(media.video)], { type: 'video/mp4' }), 'brand-film.mp4');
    contents.push({
      id: ((await staff.form('/api/contents', film)) as { content_id: string }).content_id,
      name: VIDEO,
      seconds: 10,
    });
    console.info(`Registered ${contents.length} contents.`);

    const players: Player[] = [];
    const plans = new Map<Player, LivePlayer>();
    for (let i = 0; i < count; i++) {
      const country = COUNTRIES[i % COUNTRIES.length] as Store;
      const index = Math.floor(i / COUNTRIES.length);
      const store = country.stores[index % country.stores.length] ?? country.city;
      const name = index < country.stores.length ? store : `${store} ${Math.floor(index / country.stores.length) + 1}`;
      players.push(await makePlayer(staff, agent, country, index, name));
    }
    console.info(`Registered and paired ${players.length} players.`);

    const next = seededRandom(20261124);
    for (const [i, country] of COUNTRIES.entries()) {
      const dest = players.filter((p) => p.region === country.region).map((p) => p.deviceCode);
      if (dest.length === 0) continue;
      const picked = [contents[i % IMAGES.length], contents[(i + 2) % IMAGES.length], contents.at(-1)].filter(
        (c): c is (typeof contents)[number] => c !== undefined,
      );
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: country.zone }).format(new Date());
      await staff.json('POST', '/api/schedules', {
        playlist_name: `${country.city} playlist`,
        schedule_name: `${country.city} — winter season`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: picked.map((c) => c.id),
        dest,
        download_allow_hour: '',
        zone_code: country.zone,
      });
      let sent = 0;
      for (const player of players.filter((p) => p.region === country.region)) {
        // Most play the country's plan; every fifth also the loyalty app spot.
        const own = sent % 5 === 0 ? [...picked, contents[3]].filter((c) => c !== undefined) : picked;
        const plays = playsOf(player, own as typeof picked, days, next);
        plans.set(player, {
          ...player,
          contents: own as typeof picked,
          sequence: plays.length,
          // Live play picks up after its last play, with at most a minute's gap to fill.
          playedUntil: Math.max(lastEnd(plays), Date.now() - 60_000),
        });
        for (let from = 0; from < plays.length; from += PLAYS_MAX_BATCH) {
          await agent.json(
            'POST',
            '/agent/v1/plays',
            { plays: plays.slice(from, from + PLAYS_MAX_BATCH) },
            {
              authorization: `Bearer ${player.token}`,
            },
          );
        }
        await agent.json(
          'POST',
          '/agent/v1/heartbeat',
          { status: 'ok', time_zone: player.zone },
          {
            authorization: `Bearer ${player.token}`,
          },
        );
        sent += 1;
      }
      console.info(`${country.city}: a schedule for ${dest.length} players and ${days} days of plays.`);
    }
    console.info(`Done. Sign in at ${base} and open Contents > History.`);
    if (values.live) {
      await rm(dir, { recursive: true, force: true });
      const fleet = players.map(
        (player) => plans.get(player) ?? { ...player, contents: [], sequence: 0, playedUntil: Date.now() },
      );
      await runLive(fleet, {
        base,
        until: hooks.until ?? interrupted(),
        ...(hooks.roundMs === undefined ? {} : { roundMs: hooks.roundMs }),
        ...(hooks.onRound ? { onRound: hooks.onRound } : {}),
        say: (line) => console.info(line),
      });
      console.info('The live fleet stopped.');
    }
    return 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export { DemoError };
