import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pipeline, type Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { HashingPassThrough } from './hashing';
import { assertContentTypeMatchesKey, assertValidKey, assertValidPrefix, contentTypeForKey } from './keys';
import {
  type BlobInfo,
  BlobNotFoundError,
  type BlobObject,
  BlobRangeError,
  type BlobStore,
  type ByteRange,
  type ListedBlob,
  type PutFileOptions,
  type PutOptions,
  type PutResult,
} from './types';

/**
 * The AWS SDK, loaded when the first S3 store is made rather than with the server's modules: its two
 * packages took about 0.2-0.3 s of every start (issue 15 item 5), and the default store is the disk.
 */
type Sdk = typeof ClientS3 & typeof LibStorage & typeof Presigner;
let sdk: Sdk | undefined;
function loadSdk(): Sdk {
  const require = createRequire(import.meta.url);
  sdk ??= {
    ...(require('@aws-sdk/client-s3') as typeof ClientS3),
    ...(require('@aws-sdk/lib-storage') as typeof LibStorage),
    ...(require('@aws-sdk/s3-request-presigner') as typeof Presigner),
  };
  return sdk;
}

export interface S3BlobStoreOptions {
  bucket: string;
  /** Custom endpoint for S3-compatible services (MinIO, s3rver, R2...); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Static credentials; when both are unset the SDK's default chain applies (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path instead of the host name; most S3-compatible servers need it. */
  forcePathStyle?: boolean;
  /**
   * Where players reach the bucket (STORAGE_PUBLIC_URL), when not at `endpoint`: signed URLs name this host
   * and are signed for it. Unset: `endpoint` (or AWS's own address).
   */
  publicEndpoint?: string;
  /** Multipart part size in bytes (default 5 MiB, the S3 minimum); an upload buffers about partSize * (queueSize + 1). */
  partSize?: number;
  /** Parts uploaded in parallel (default 4). */
  queueSize?: number;
}

const DAY_MS = 86_400_000;

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isMissingObject(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(error) === 404;
}

function totalFromContentRange(header: string | undefined): number | undefined {
  const total = header?.split('/')[1];
  return total && total !== '*' ? Number(total) : undefined;
}

/** Objects in one S3 (or S3-compatible) bucket. Objects only appear once an upload completes. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  /** The client that signs players' URLs: `client`, or one for the public endpoint (signing is local, no call). */
  private readonly signer: S3Client;
  private readonly sdk = loadSdk();
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * 1024 * 1024;
    this.queueSize = options.queueSize ?? 4;
    const credentials =
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined;
    const clientFor = (endpoint: string | undefined) =>
      new this.sdk.S3Client({
        region: options.region,
        endpoint,
        forcePathStyle: options.forcePathStyle ?? false,
        credentials,
        // Checksums only where S3 demands them: the newer default (streamed aws-chunked bodies with
        // trailing checksums) is not understood by several S3-compatible servers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = clientFor(options.endpoint);
    this.signer = options.publicEndpoint ? clientFor(options.publicEndpoint) : this.client;
  }

  /**
   * A presigned GET URL of exactly one object, valid `expiresInSeconds` from `signedAt` (default now): anyone
   * holding it may read that object (Range included) until then, and nothing else. Made locally (HMAC over the
   * request), without a call to the storage; whether the object exists is the storage's answer to the URL.
   */
  async signedGetUrl(key: string, options: { expiresInSeconds: number; signedAt?: Date }): Promise<string> {
    assertValidKey(key);
    return this.sdk.getSignedUrl(this.signer, new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: options.expiresInSeconds,
      ...(options.signedAt ? { signingDate: options.signedAt } : {}),
    });
  }

  /** Closes the clients' connections. */
  destroy(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    assertValidKey(key);
    assertContentTypeMatchesKey(key, options.contentType);
    const hasher = new HashingPassThrough();
    const source: { error?: Error } = {};
    // A failing source destroys the hasher, which fails the upload; multipart parts are then aborted.
    pipeline(body, hasher, (error) => {
      if (error) source.error = error;
    });
    const upload = new this.sdk.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: hasher, ContentType: options.contentType },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw source.error ?? error;
    }
    if (source.error) {
      // The upload completed from a stream that failed afterwards: do not keep what may be a truncated object.
      await this.delete(key);
      throw source.error;
    }
    return { size: hasher.bytesSeen, sha256: hasher.digest() };
  }

  async putFile(key: string, localPath: string, options: PutFileOptions): Promise<PutResult> {
    const info = await stat(localPath);
    if (!info.isFile()) throw new Error(`Not a regular file: ${localPath}`);
    const stored = await this.put(key, createReadStream(localPath), options);
    if (options.removeSource) await rm(localPath, { force: true });
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<BlobObject> {
    assertValidKey(key);
    const rangeHeader = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: rangeHeader }),
      );
      const stream = answer.Body as Readable;
      const size = answer.ContentLength ?? 0;
      const contentType = answer.ContentType ?? contentTypeForKey(key);
      if (!range) return { stream, size, contentType, totalSize: size };
      const totalSize = totalFromContentRange(answer.ContentRange) ?? size;
      const start = range.start;
      return { stream, size, contentType, totalSize, range: { start, end: start + size - 1 } };
    } catch (error) {
      if (isMissingObject(error)) throw new BlobNotFoundError(key);
      if (range && ((error as Error).name === 'InvalidRange' || httpStatus(error) === 416)) {
        const info = await this.head(key);
        if (!info) throw new BlobNotFoundError(key);
        throw new BlobRangeError(range, info.size);
      }
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const answer = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? contentTypeForKey(key) };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The pages of a listing of the objects under a prefix, as S3 hands them out. */
  private async *objectPages(prefix: string) {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: continuationToken,
        }),
      );
      yield page.Contents ?? [];
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async *list(prefix: string): AsyncIterable<ListedBlob[]> {
    assertValidPrefix(prefix);
    for await (const objects of this.objectPages(prefix)) {
      const listed = objects.flatMap((object) =>
        object.Key && object.LastModified ? [{ key: object.Key, modifiedAt: object.LastModified }] : [],
      );
      if (listed.length > 0) yield listed;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    let removed = 0;
    for await (const objects of this.objectPages(prefix)) {
      const keys = objects.flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length === 0) continue;
      const answer = await this.client.send(
        new this.sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`Could not delete ${failed.length} objects under '${prefix}': ${failed[0]?.Message ?? ''}`);
      }
      removed += keys.length;
    }
    return removed;
  }

  /**
   * Aborts multipart uploads a crashed process left open. Other instances may be uploading right now,
   * hence the age threshold (default one day). A bucket lifecycle rule AbortIncompleteMultipartUpload
   * does the same without help; servers that cannot list uploads (NotImplemented) are skipped.
   */
  async cleanTemp(options: { olderThanMs?: number } = {}): Promise<number> {
    const cutoff = Date.now() - (options.olderThanMs ?? DAY_MS);
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new this.sdk.ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > cutoff) continue;
          await this.client.send(
            new this.sdk.AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          aborted += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (error) {
      if ((error as Error).name === 'NotImplemented' || httpStatus(error) === 501) return aborted;
      throw error;
    }
    return aborted;
  }
}
