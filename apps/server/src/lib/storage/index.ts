import { localStorage } from './local-storage';
import type { StorageConfig } from './storage-config';
import type { StorageDriver } from './storage';

export type { StorageConfig } from './storage-config';
export * from './storage';

/**
 * The configured driver: local disk by default, the S3 store with STORAGE_DRIVER=s3. The S3 driver
 * (and the AWS SDK, some 20 MB of memory) is loaded only when configured.
 */
export async function createStorage(config: StorageConfig, uploadsDir: string): Promise<StorageDriver> {
  if (config.driver !== 's3') return localStorage(uploadsDir);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(config);
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
