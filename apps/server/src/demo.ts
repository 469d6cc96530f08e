import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DAY_MS, PLAYS_MAX_BATCH, type TPlay } from '@signage/domain';
import { locateFfmpeg, runTool } from './media';
import { readStdin } from './stdin';

export const DEMO_HELP = `  demo [--url URL] [--id ID] (--password P | --password-stdin) [--players N] [--days N]
                      Fill a running server with a believable fleet through its API, as staff and
                      players would: stores in Japan, the United States, Taiwan, Korea and the United
                      Kingdom (N players, default 40), images and a video, a schedule per country, and
                      plays for the last N days (default 30), so that every screen shows data.
                      Signs in as --id (default admin, a DS_FRIT user).`;

type Store = { region: string; zone: string; city: string; stores: string[] };

/** Where the demo's stores are: a country, its zone and some store names. */
const COUNTRIES: readonly Store[] = [
  {
    region: 'JP',
    zone: 'Asia/Tokyo',
    city: 'Tokyo',
    stores: ['Ginza', 'Shinjuku', 'Shibuya', 'Ikebukuro', 'Umeda', 'Namba', 'Sapporo', 'Fukuoka'],
  },
  {
    region: 'US',
    zone: 'America/New_York',
    city: 'New York',
    stores: ['Fifth Avenue', 'SoHo', 'Brooklyn', 'Boston', 'Chicago', 'Seattle', 'San Francisco', 'Los Angeles'],
  },
  {
    region: 'TW',
    zone: 'Asia/Taipei',
    city: 'Taipei',
    stores: ['Xinyi', 'Zhongxiao', 'Ximending', 'Taichung', 'Kaohsiung', 'Tainan', 'Hsinchu', 'Taoyuan'],
  },
  {
    region: 'KR',
    zone: 'Asia/Seoul',
    city: 'Seoul',
    stores: ['Myeongdong', 'Gangnam', 'Hongdae', 'Jamsil', 'Busan', 'Daegu', 'Incheon', 'Daejeon'],
  },
  {
    region: 'GB',
    zone: 'Europe/London',
    city: 'London',
    stores: [
      'Oxford Street',
      'Regent Street',
      'Covent Garden',
      'Manchester',
      'Birmingham',
      'Glasgow',
      'Leeds',
      'Bristol',
    ],
  },
];

const IMAGES = [
  'Winter campaign',
  'New arrivals',
  'Store opening hours',
  'Loyalty app',
  'Holiday gift guide',
  'Sustainability',
];
const VIDEO = 'Brand film';
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];
/** A small seeded generator (mulberry32), so two demo runs tell the same story (and tests reproduce). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** Makes the demo's media with ffmpeg: a gradient still per image (1920x1080) and a 10 s test film. */
async function makeMedia(dir: string): Promise<{ images: Buffer[]; video: Buffer }> {
  const ffmpeg = await locateFfmpeg();
  const images: Buffer[] = [];
  // The content's name on it when a font is installed (a still says what it is in the console's previews).
  const font = FONTS.find((file) => existsSync(file));
  for (const [i, name] of IMAGES.entries()) {
    const file = path.join(dir, `image${i}.png`);
    const text = font
      ? `,drawtext=fontfile=${font}:text='${name}':fontsize=120:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`
      : '';
    await runTool(
      ffmpeg,
      ['-v', 'error', '-f', 'lavfi', '-i', `gradients=s=1920x1080:seed=${i + 7}${text}`, '-frames:v', '1', '-y', file],
      { timeoutMs: 30_000 },
    );
    images.push(await readFile(file));
  }
  const film = path.join(dir, 'film.mp4');
  await runTool(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720:r=25:d=10',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      film,
    ],
    { timeoutMs: 120_000 },
  );
  return { images, video: await readFile(film) };
}

type Player = { deviceCode: string; token: string; region: string; zone: string };

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

/** The store's UTC offset at an instant, in minutes. */
function offsetMinutes(zone: string, at: Date): number {
  const text = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(text ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * Plays of the last `days` UTC days for one player: its country's contents in turn during store hours
 * from 10:00 local, six to fifteen loops a day with pauses between them, none on a few days it was offline,
 * numbered from 1.
 */
function playsOf(
  player: Player,
  contents: { id: string; seconds: number }[],
  days: number,
  next: () => number,
): TPlay[] {
  const plays: TPlay[] = [];
  const now = Date.now();
  const offDays = new Set(Array.from({ length: Math.floor(next() * 4) }, () => Math.floor(next() * days)));
  for (let day = days - 1; day >= 0; day--) {
    if (offDays.has(day)) continue;
    const date = new Date(now - day * DAY_MS);
    const midnightUtc = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
    const offset = offsetMinutes(player.zone, date);
    // Store hours in local time, as UTC instants of that UTC date.
    const open = midnightUtc + (10 * 60 - offset) * 60_000;
    const loops = 6 + Math.floor(next() * 10);
    let at = open + Math.floor(next() * 600_000);
    for (let loop = 0; loop < loops; loop++) {
      for (const content of contents) {
        if (at > now) break;
        plays.push({
          sequence: plays.length + 1,
          content_id: content.id,
          schedule_id: null,
          started_at: new Date(at).toISOString(),
          utc_offset_minutes: offsetMinutes(player.zone, new Date(at)),
          duration_ms: content.seconds * 1000,
        });
        at += content.seconds * 1000;
      }
      at += Math.floor(next() * 40 * 60_000);
    }
  }
  return plays;
}

const OPTIONS = {
  url: { type: 'string' },
  id: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  players: { type: 'string' },
  days: { type: 'string' },
} as const;

/** `npm run cli -- demo`: see DEMO_HELP. Answers the process exit code. */
export async function runDemo(argv: string[], port: number): Promise<number> {
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
    return 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export { DemoError };
