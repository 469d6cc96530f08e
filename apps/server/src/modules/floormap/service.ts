import fs from 'node:fs';
import { isCountry, isValidStoreCode, MESSAGES, padStoreCode } from '@signage/domain';
import { authorize } from '../../auth/policies';
import type { SessionUser } from '../../auth/sessions';
import { type BlobStore, DEFAULT_CONTENT_TYPE } from '../../blob';
import { HttpError, notFound } from '../../http/envelope';

/** Where a shop's floor map lives in the blob store (SPEC.md section 2, Player list). */
export const floorMapKey = (region: string, shopNo: string) => `floormap/${region}/${shopNo}/floormap.pdf`;

function place(region: string, shopNo: string): { region: string; shopNo: string } {
  const code = padStoreCode(shopNo);
  if (!isCountry(region)) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
  if (!isValidStoreCode(code) || code !== shopNo.padStart(4, '0')) throw new HttpError(400, MESSAGES.enterStoreCode);
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
  return { key, size: stored.size };
}
