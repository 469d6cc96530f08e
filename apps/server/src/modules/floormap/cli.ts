import { parseArgs } from 'node:util';
import { createBlobStore } from '../../blob';
import type { Config } from '../../config';
import { HttpError } from '../../http/envelope';
import { putFloorMap } from './service';

export const FLOORMAP_HELP = `  floormap put --region CC --shop-no NNNN --file MAP.pdf
                      Store a shop's floor map (PDF) at floormap/{region}/{shopNo}/floormap.pdf
                      in the blob store (STORAGE_URL, or DATA_DIR/media).`;

/** `npm run cli -- floormap put ...`: writes to the blob store directly (no database involved). */
export async function runFloorMapCommand(argv: string[], config: Config): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { region: { type: 'string' }, 'shop-no': { type: 'string' }, file: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] !== 'put') throw new HttpError(400, `Unknown command 'floormap ${positionals[0] ?? ''}'`.trim());
  const stored = await putFloorMap(createBlobStore(config.storageUrl, config.dataDir), {
    region: values.region,
    shopNo: values['shop-no'],
    file: values.file,
  });
  return `Floor map stored at ${stored.key} (${stored.size} bytes)`;
}
