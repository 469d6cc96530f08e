import fs from 'node:fs';
import { Readable } from 'node:stream';
import { isCountry, MESSAGES, typedStoreCode } from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { authorize } from '../../auth/policies';
import type { SessionUser } from '../../auth/sessions';
import { type BlobStore, DEFAULT_CONTENT_TYPE } from '../../blob';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/envelope';

/** Where a shop's floor map lives in the blob store (SPEC.md section 2, Player list). */
export const floorMapKey = (region: string, shopNo: string) => `floormap/${region}/${shopNo}/floormap.pdf`;

function place(region: string, shopNo: string): { region: string; shopNo: string } {
  const code = typedStoreCode(shopNo);
  if (!isCountry(region)) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
  if (code === null) throw new HttpError(400, MESSAGES.enterStoreCode);
  return { region, shopNo: code };
}

/** DS_ST reads its own shop's map, other region-bound roles their region's, DS_MK and DS_FRIT any. */
export async function openFloorMap(blobs: BlobStore, user: SessionUser, region: string, shopNo: string) {
  const wanted = place(region, shopNo);
  authorize(user, 'floormap.read', wanted);
  const key = floorMapKey(wanted.region, wanted.shopNo);
  if (!(await blobs.exists(key))) throw notFound();
  return blobs.get(key);
}

/** Stores a shop's floor map from a PDF file (admin CLI). */
export async function putFloorMap(blobs: BlobStore, input: { region?: string; shopNo?: string; file?: string }) {
  if (!input.region || !input.shopNo || !input.file) {
    throw new HttpError(400, 'floormap put needs --region, --shop-no and --file');
  }
  const wanted = place(input.region.toUpperCase(), input.shopNo);
  const head = Buffer.alloc(5);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(input.file, 'r');
  } catch {
    throw new HttpError(400, `Cannot read ${input.file}`);
  }
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') !== '%PDF-') throw new HttpError(400, `${input.file} is not a PDF file`);
  const key = floorMapKey(wanted.region, wanted.shopNo);
  const stored = await blobs.putFile(key, input.file, { contentType: DEFAULT_CONTENT_TYPE });
  forgetPresence();
  return { key, size: stored.size };
}

/** A floor map is one PDF page set, not a video: 20 MB is plenty and keeps the upload in memory cheap. */
export const FLOOR_MAP_MAX_BYTES = 20 * 1024 * 1024;

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * What the blob store answered about shops' maps, kept PRESENCE_TTL_MS per store: the player list asked
 * the store for every shop on every page (a stat that throws for each shop without a map, or an S3 HEAD),
 * about 15% of a list request's CPU. A map stored by this process (console upload, or the CLI through the
 * admin socket) is seen at once; one stored by another server process sharing the store, within the TTL.
 */
const PRESENCE_TTL_MS = 10_000;
const PRESENCE_MAX_ENTRIES = 20_000;
let presence = new WeakMap<BlobStore, Map<string, { present: boolean; until: number }>>();

/** Forgets every cached answer: called after this process stores a map. */
function forgetPresence(): void {
  presence = new WeakMap();
}

function presenceOf(blobs: BlobStore): Map<string, { present: boolean; until: number }> {
  let known = presence.get(blobs);
  if (!known) {
    known = new Map();
    presence.set(blobs, known);
  }
  return known;
}

async function mapExists(blobs: BlobStore, key: string, now: number): Promise<boolean> {
  const known = presenceOf(blobs);
  const present = await blobs.exists(key).catch(() => false);
  if (known.size >= PRESENCE_MAX_ENTRIES) known.clear();
  // A map stored while this check ran replaced the caches: the answer goes to the forgotten one.
  known.set(key, { present, until: now + PRESENCE_TTL_MS });
  return present;
}

/**
 * Whether the shop of a player has a floor map; shops the cache does not answer are checked once each, in
 * parallel (a page whose shops are all known waits for nothing).
 */
export async function floorMapPresence(
  blobs: BlobStore,
  shops: { region: string; shopNo: string }[],
): Promise<(region: string, shopNo: string) => boolean> {
  const now = Date.now();
  const known = presenceOf(blobs);
  const present = new Set<string>();
  const unknown = new Set<string>();
  for (const { region, shopNo } of shops) {
    if (!region || !shopNo) continue;
    const key = floorMapKey(region, shopNo);
    const cached = known.get(key);
    if (!cached || cached.until <= now) unknown.add(key);
    else if (cached.present) present.add(key);
  }
  if (unknown.size > 0) {
    const found = await Promise.all([...unknown].map(async (key) => [key, await mapExists(blobs, key, now)] as const));
    for (const [key, exists] of found) if (exists) present.add(key);
  }
  return (region, shopNo) => present.has(floorMapKey(region, shopNo));
}

/**
 * PUT from the console (DS_LHQIT in its region, DS_FRIT anywhere): the PDF replaces the shop's map.
 * The blob write is all-or-nothing; the audit row follows it.
 */
export async function uploadFloorMap(
  db: Database,
  blobs: BlobStore,
  user: SessionUser,
  target: { region: string; shopNo: string; body: unknown },
) {
  const wanted = place(target.region, target.shopNo);
  authorize(user, 'floormap.upload', { region: wanted.region });
  if (!Buffer.isBuffer(target.body) || !isPdf(target.body)) throw new HttpError(400, MESSAGES.floorMapNotPdf);
  const key = floorMapKey(wanted.region, wanted.shopNo);
  const stored = await blobs.put(key, Readable.from(target.body), { contentType: DEFAULT_CONTENT_TYPE });
  forgetPresence();
  // One row, so no transaction: a failed audit write leaves the new map stored and the request failed.
  await recordAudit(db, {
    actor: user.userId,
    action: 'floormap.upload',
    target: key,
    region: wanted.region,
    detail: { region: wanted.region, shop_no: wanted.shopNo, size: stored.size },
  });
  return { region: wanted.region, shop_no: wanted.shopNo, size: stored.size };
}
