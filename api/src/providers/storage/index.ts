import type { AppConfig } from '../../config';
import { localFileStorage } from './local';
import { s3FileStorage } from './s3';
import type { FileStorage } from './types';

export * from './types';
export { localFileStorage } from './local';
export { s3FileStorage, type S3Options } from './s3';

type StorageConfig = Pick<AppConfig, 'filesDir' | 's3Endpoint' | 's3Bucket' | 's3AccessKey' | 's3SecretKey' | 's3Region'>;

/**
 * S3 when all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are set, the local
 * folder when none is; a partial set is a mistake worth failing the start for, not a silent
 * fallback that would scatter files between two places.
 */
export function createFileStorage(config: StorageConfig): FileStorage {
  const s3 = { S3_ENDPOINT: config.s3Endpoint, S3_BUCKET: config.s3Bucket, S3_ACCESS_KEY: config.s3AccessKey, S3_SECRET_KEY: config.s3SecretKey };
  const missing = Object.entries(s3).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length === 0) {
    return s3FileStorage({
      endpoint: config.s3Endpoint!,
      bucket: config.s3Bucket!,
      accessKey: config.s3AccessKey!,
      secretKey: config.s3SecretKey!,
      region: config.s3Region,
    });
  }
  if (missing.length < 4) throw new Error(`S3 storage is partly configured: missing ${missing.join(', ')}`);
  return localFileStorage(config.filesDir);
}
