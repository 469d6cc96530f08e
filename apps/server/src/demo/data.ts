import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS, type TPlay } from '@signage/domain';
import { locateFfmpeg, runTool } from '../media';

/**
 * What the demo tells (`npm run cli -- demo`): the countries and stores of its fleet, its media, and the
 * plays a player of it sends. demo.ts fills a server with it; live.ts keeps the fleet beating.
 */
export type Store = { region: string; zone: string; city: string; stores: string[] };

/** Where the demo's stores are: a country, its zone and some store names. */
export const COUNTRIES: readonly Store[] = [
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

export const IMAGES = [
  'Winter campaign',
  'New arrivals',
  'Store opening hours',
  'Loyalty app',
  'Holiday gift guide',
  'Sustainability',
];
export const VIDEO = 'Brand film';
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

/** Makes the demo's media with ffmpeg: a gradient still per image (1920x1080) and a 10 s test film. */
export async function makeMedia(dir: string): Promise<{ images: Buffer[]; video: Buffer }> {
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

export type Player = { deviceCode: string; token: string; region: string; zone: string };

/** The store's UTC offset at an instant, in minutes. */
export function offsetMinutes(zone: string, at: Date): number {
  const text = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(text ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** One play of a demo player: `content` from `at` (ms) for its seconds, stamped with the store's offset then. */
export function playAt(sequence: number, content: { id: string; seconds: number }, at: number, zone: string): TPlay {
  return {
    sequence,
    content_id: content.id,
    schedule_id: null,
    started_at: new Date(at).toISOString(),
    utc_offset_minutes: offsetMinutes(zone, new Date(at)),
    duration_ms: content.seconds * 1000,
  };
}

/**
 * Plays of the last `days` UTC days for one player: its country's contents in turn during store hours
 * from 10:00 local, six to fifteen loops a day with pauses between them, none on a few days it was offline,
 * numbered from 1.
 */
export function playsOf(
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
        plays.push(playAt(plays.length + 1, content, at, player.zone));
        at += content.seconds * 1000;
      }
      at += Math.floor(next() * 40 * 60_000);
    }
  }
  return plays;
}
