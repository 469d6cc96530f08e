import { open } from 'node:fs/promises';

export type SniffedType = 'image/jpeg' | 'image/png' | 'video/mp4' | 'video/quicktime';

/** Bytes to read from the start of a file for `sniffMediaType` (room for a long ftyp brand list). */
export const SNIFF_LENGTH = 256;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// ISO-BMFF brands of MP4 video. HEIF/AVIF images (heic, mif1, avif...) and 3GP share the container and
// are deliberately absent: they are not the video the spec allows.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'hev1',
  'av01',
  'dash',
  'cmfc',
  'cmf2',
  'msdh',
  'msix',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'MSNV',
  'NDAS',
  'NDSC',
  'NDSH',
  'NDSM',
  'NDSP',
  'NDSS',
  'NDXC',
  'NDXH',
  'NDXM',
  'NDXP',
  'NDXS',
  'XAVC',
]);
const QUICKTIME_BRAND = 'qt  ';
// Classic QuickTime files may start straight with one of these atoms, without an ftyp box.
const QUICKTIME_LEADING_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function ascii(bytes: Buffer, start: number, length: number): string {
  return bytes.toString('latin1', start, start + length);
}

function sniffIsoBmff(bytes: Buffer): SniffedType | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const major = ascii(bytes, 8, 4);
  if (major === QUICKTIME_BRAND) return 'video/quicktime';
  if (MP4_BRANDS.has(major)) return 'video/mp4';
  // Unknown major brand: decide by the compatible brands listed after the minor version.
  const boxSize = bytes.readUInt32BE(0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : bytes.length);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= end; offset += 4) compatible.push(ascii(bytes, offset, 4));
  if (compatible.includes(QUICKTIME_BRAND)) return 'video/quicktime';
  return null;
}

function sniffClassicQuickTime(bytes: Buffer): SniffedType | null {
  if (bytes.length < 8 || !QUICKTIME_LEADING_ATOMS.has(ascii(bytes, 4, 4))) return null;
  const size = bytes.readUInt32BE(0);
  // 0 = atom runs to the end of file, 1 = 64-bit size follows; anything else must at least hold its header.
  return size === 0 || size === 1 || size >= 8 ? 'video/quicktime' : null;
}

/** The media type the first bytes of a file reveal, among the four the console accepts; null for anything else. */
export function sniffMediaType(firstBytes: Buffer): SniffedType | null {
  if (firstBytes.length >= 3 && firstBytes[0] === 0xff && firstBytes[1] === 0xd8 && firstBytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (firstBytes.length >= 8 && firstBytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return sniffIsoBmff(firstBytes) ?? sniffClassicQuickTime(firstBytes);
}

/** The first `length` bytes of a file (fewer when the file is shorter). */
export async function readFileHead(path: string, length = SNIFF_LENGTH): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
