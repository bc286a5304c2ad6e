import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { StorageConfig } from './storage-config';
import type { StorageDriver } from './storage';

export type { StorageConfig } from './storage-config';
export * from './storage';

/** The configured driver: local disk by default, the S3 store with STORAGE_DRIVER=s3. */
export function createStorage(config: StorageConfig, uploadsDir: string): StorageDriver {
  return config.driver === 's3' ? s3Storage(config) : localStorage(uploadsDir);
}

/** Origins the pages must reach besides their own (the S3 store: part PUTs, presigned downloads). */
export function storageOrigins(config: StorageConfig): string[] {
  if (config.driver !== 's3') return [];
  const origins = new Set<string>();
  if (config.endpoint) origins.add(new URL(config.endpoint).origin);
  else
    origins
      .add(`https://${config.bucket}.s3.${config.region}.amazonaws.com`)
      .add(`https://s3.${config.region}.amazonaws.com`);
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
  return [...origins];
}
