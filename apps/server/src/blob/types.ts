import type { Readable } from 'node:stream';

/** What a completed write stored: byte count and lowercase hex sha256, both measured while streaming. */
export interface PutResult {
  size: number;
  sha256: string;
}

export interface PutOptions {
  contentType: string;
}

export interface PutFileOptions extends PutOptions {
  /**
   * The file's sha256 when the caller already measured it (processUpload does): skips a second read
   * of a possibly 400 MB file. Trusted as given.
   */
  sha256?: string;
  /** Hand the file over instead of copying it: renamed into place when the store can, else copied then removed. */
  removeSource?: boolean;
  /**
   * The caller measures the sha256 later (an upload's processing): a file moved into place is not read for
   * it, and the answer's sha256 is '' then. A store that streams the file anyway still measures it.
   */
  hashLater?: boolean;
}

/** An inclusive byte range, as HTTP writes it; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A stored object as a listing names it: its key and when it was last written. */
export interface ListedBlob {
  key: string;
  modifiedAt: Date;
}

export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobObject {
  stream: Readable;
  /** Bytes in `stream`: the range's length, or the whole object. */
  size: number;
  contentType: string;
  /** Size of the whole object, for Content-Range. */
  totalSize: number;
  /** The inclusive range served, clamped to the object (absent when the whole object is served). */
  range?: { start: number; end: number };
}

/**
 * Where media bytes live. Keys are relative slash-separated paths (`contents/<id>/original.mp4`);
 * every store validates them the same way (see `assertValidKey`). Writes are all-or-nothing: a reader
 * never sees a half-written object, and a failed write leaves nothing behind.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Streams `body` into `key`, hashing as it goes; never holds the whole body in memory. */
  put(key: string, body: Readable, options: PutOptions): Promise<PutResult>;
  /** Stores a file already on local disk (an upload's temp file). */
  putFile(key: string, localPath: string, options: PutFileOptions): Promise<PutResult>;
  /** Opens the object, or a byte range of it. Throws BlobNotFoundError / BlobRangeError. */
  get(key: string, range?: ByteRange): Promise<BlobObject>;
  /** Size and content type, or null when there is no such object. */
  head(key: string): Promise<BlobInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a key prefix ending with '/'), with its last write time, in
   * pages so a large store is never held in memory at once. The store's own temp files are not listed.
   */
  list(prefix: string): AsyncIterable<ListedBlob[]>;
  /** Removes every object whose key starts with `prefix` (string prefix, as S3 lists); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Removes what crashed writes left behind; call once at start. Disk: files in the temp folder.
   * S3: incomplete multipart uploads older than `olderThanMs`.
   */
  cleanTemp(options?: { olderThanMs?: number }): Promise<number>;
  /**
   * Only stores that players can read from directly (S3): a short-lived URL for exactly this object, so media
   * goes from the storage to the player without passing through a server. A store without it (the disk) is
   * read through the server's routes.
   */
  signedGetUrl?(key: string, options: { expiresInSeconds: number; signedAt?: Date }): Promise<string>;
}

export class BlobNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object for key '${key}'`);
    this.name = 'BlobNotFoundError';
    this.key = key;
  }
}

export class BlobRangeError extends Error {
  readonly totalSize: number;
  constructor(range: ByteRange, totalSize: number) {
    super(`Range ${range.start}-${range.end ?? ''} is outside an object of ${totalSize} bytes`);
    this.name = 'BlobRangeError';
    this.totalSize = totalSize;
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key '${key}': ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}
