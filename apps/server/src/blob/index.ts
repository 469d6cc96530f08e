export { createBlobStore, directReadOrigin, parseS3StorageUrl } from './create';
export { DiskBlobStore } from './disk';
export { canonicalJson, HashingPassThrough, hashFile, sha256 } from './hashing';
export { assertValidKey, contentTypeForKey, DEFAULT_CONTENT_TYPE } from './keys';
export { contentRange, parseRange, type ResolvedRange } from './range';
export { S3BlobStore, type S3BlobStoreOptions } from './s3';
export {
  type BlobInfo,
  BlobNotFoundError,
  type BlobObject,
  BlobRangeError,
  type BlobStore,
  type ByteRange,
  InvalidBlobKeyError,
  type ListedBlob,
  type PutFileOptions,
  type PutOptions,
  type PutResult,
} from './types';
