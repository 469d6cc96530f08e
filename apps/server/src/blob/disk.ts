import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  type FileHandle,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  utimes,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HashingPassThrough, hashFile } from './hashing';
import { assertContentTypeMatchesKey, assertValidKey, assertValidPrefix, clampRange, contentTypeForKey } from './keys';
import {
  type BlobInfo,
  BlobNotFoundError,
  type BlobObject,
  type BlobStore,
  type ByteRange,
  type ListedBlob,
  type PutFileOptions,
  type PutOptions,
  type PutResult,
} from './types';

const TEMP_FOLDER = '.tmp';
/** Objects per page of a listing (as S3 answers them). */
const LIST_PAGE = 1000;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Objects as files under `rootDir`, at the key's path. Every write lands in `rootDir/.tmp` first and is
 * renamed into place (atomic on one file system), so a reader sees the old object or the complete new
 * one, never a part. Content types come from the key's extension (see `contentTypeForKey`): no sidecar
 * file that could drift from its object.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk' as const;
  readonly rootDir: string;
  private readonly tempDir: string;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
    this.tempDir = join(this.rootDir, TEMP_FOLDER);
  }

  /** The file behind a key (validated). */
  pathOf(key: string): string {
    assertValidKey(key);
    return join(this.rootDir, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    assertContentTypeMatchesKey(key, options.contentType);
    const temp = await this.newTempPath();
    const hasher = new HashingPassThrough();
    try {
      await pipeline(body, hasher, createWriteStream(temp, { flags: 'wx', flush: true }));
      await this.moveIntoPlace(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: hasher.bytesSeen, sha256: hasher.digest() };
  }

  async putFile(key: string, localPath: string, options: PutFileOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    assertContentTypeMatchesKey(key, options.contentType);
    const info = await stat(localPath);
    if (!info.isFile()) throw new Error(`Not a regular file: ${localPath}`);

    if (options.removeSource) {
      const measured =
        options.sha256 || options.hashLater
          ? { size: info.size, sha256: options.sha256 ?? '' }
          : await hashFile(localPath);
      try {
        await this.moveIntoPlace(localPath, target);
        return measured;
      } catch (error) {
        // Another file system: fall through to copy, then remove the source.
        if (errorCode(error) !== 'EXDEV') throw error;
      }
      await this.copyIntoPlace(localPath, target);
      await rm(localPath, { force: true });
      return measured;
    }

    if (!options.sha256) return this.put(key, createReadStream(localPath), options);
    await this.copyIntoPlace(localPath, target);
    return { size: info.size, sha256: options.sha256 };
  }

  async get(key: string, range?: ByteRange): Promise<BlobObject> {
    const path = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) throw new BlobNotFoundError(key);
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new BlobNotFoundError(key);
      const contentType = contentTypeForKey(key);
      const totalSize = info.size;
      if (!range) return { stream: handle.createReadStream(), size: totalSize, contentType, totalSize };
      const served = clampRange(range, totalSize);
      const stream = handle.createReadStream({ start: served.start, end: served.end });
      return { stream, size: served.end - served.start + 1, contentType, totalSize, range: served };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return;
      throw error;
    }
    await this.pruneEmptyParents(dirname(path));
  }

  /** The folder a prefix's keys live under and everything below it (nothing when it does not exist). */
  private async treeOf(prefix: string): Promise<{ baseDir: string; entries: Awaited<ReturnType<typeof listTree>> }> {
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const baseDir = slash > 0 ? join(this.rootDir, ...prefix.slice(0, slash).split('/')) : this.rootDir;
    try {
      return { baseDir, entries: await listTree(baseDir) };
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return { baseDir, entries: [] };
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedBlob[]> {
    const { entries } = await this.treeOf(prefix);
    let page: ListedBlob[] = [];
    for (const entry of entries) {
      if (entry.isDirectory) continue;
      const key = relative(this.rootDir, entry.path).split(sep).join('/');
      if (key === TEMP_FOLDER || key.startsWith(`${TEMP_FOLDER}/`) || !key.startsWith(prefix)) continue;
      // Gone meanwhile (a delete): not listed.
      const info = await stat(entry.path).catch(() => null);
      if (!info?.isFile()) continue;
      page.push({ key, modifiedAt: info.mtime });
      if (page.length === LIST_PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const { baseDir, entries } = await this.treeOf(prefix);
    let removed = 0;
    const emptiedDirs = new Set<string>();
    for (const entry of entries) {
      const rel = relative(this.rootDir, entry.path).split(sep).join('/');
      if (rel === TEMP_FOLDER || rel.startsWith(`${TEMP_FOLDER}/`)) continue;
      if (entry.isDirectory) {
        if (`${rel}/`.startsWith(prefix) || rel.startsWith(prefix)) emptiedDirs.add(entry.path);
        continue;
      }
      if (!rel.startsWith(prefix)) continue;
      await rm(entry.path, { force: true });
      removed += 1;
    }
    // Deepest first, so parents become empty before their turn.
    const byDepth = [...emptiedDirs].sort((a, b) => b.length - a.length);
    for (const dir of byDepth) await rmdir(dir).catch(() => undefined);
    await this.pruneEmptyParents(baseDir);
    return removed;
  }

  async cleanTemp(options: { olderThanMs?: number } = {}): Promise<number> {
    const olderThanMs = options.olderThanMs ?? 0;
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return 0;
      throw error;
    }
    const now = Date.now();
    let removed = 0;
    for (const name of names) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      // With no age given every file goes: a file written this very millisecond has an mtime (sub-millisecond)
      // a fraction after Date.now(), so comparing with 0 would keep it.
      if (!info || (olderThanMs > 0 && now - info.mtimeMs < olderThanMs)) continue;
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  private async newTempPath(): Promise<string> {
    await mkdir(this.tempDir, { recursive: true });
    return join(this.tempDir, `${randomUUID()}.part`);
  }

  private async copyIntoPlace(source: string, target: string): Promise<void> {
    const temp = await this.newTempPath();
    try {
      // A copy-on-write clone where the file system offers one, a plain copy elsewhere.
      await copyFile(source, temp, constants.COPYFILE_FICLONE);
      await this.moveIntoPlace(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Renames a finished file into place. Its modification time becomes now: a listing tells a blob stored
   * just now from an old one by it (the orphan sweep's grace), and a resumable upload finished hours before
   * it is registered keeps the time of its last byte until then.
   */
  private async moveIntoPlace(source: string, target: string): Promise<void> {
    const now = new Date();
    await utimes(source, now, now);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      // A concurrent delete may have pruned the freshly made folder; make it again once.
      if (errorCode(error) !== 'ENOENT') throw error;
      await mkdir(dirname(target), { recursive: true });
      await rename(source, target);
    }
  }

  /** Removes folders left empty by a delete, up to (not including) the root. */
  private async pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.rootDir + sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }
}

async function listTree(dir: string): Promise<Array<{ path: string; isDirectory: boolean }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((entry) => ({ path: join(entry.parentPath, entry.name), isDirectory: entry.isDirectory() }));
}
