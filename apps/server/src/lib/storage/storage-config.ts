import { ConfigError } from '../../config';

/** Where attachments are kept: the local disk (DATA_DIR/uploads, the default) or an S3-compatible store. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:4568; unset: AWS by region. */
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Path-style URLs (bucket in the path): MinIO, s3rver and most self-hosted stores. */
      forcePathStyle: boolean;
      /** Where the bucket's objects are public, if they are (else downloads use presigned URLs). */
      publicUrl?: string;
    };

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

function url(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/.test(value))
    throw new ConfigError(`Invalid environment variable ${name}: must start with http:// or https://`);
  return value.replace(/\/+$/, '');
}

/**
 * STORAGE_DRIVER=local (default) or s3 with S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (S3_ENDPOINT, S3_FORCE_PATH_STYLE and S3_PUBLIC_URL optional). Half a
 * configuration stops the start: s3 without one of the required variables, or (in production) S3
 * variables set while the driver is local, which would silently keep files on the local disk.
 */
export function readStorageConfig(env: NodeJS.ProcessEnv, nodeEnv: string): StorageConfig {
  const get = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const driver = get('STORAGE_DRIVER') ?? 'local';
  if (driver !== 'local' && driver !== 's3') {
    throw new ConfigError('Invalid environment variable STORAGE_DRIVER: must be local or s3');
  }
  if (driver === 'local') {
    const stray = S3_VARS.find((name) => get(name) !== undefined);
    if (stray && nodeEnv === 'production') {
      throw new ConfigError(
        `Invalid environment variable STORAGE_DRIVER: ${stray} is set, so set STORAGE_DRIVER=s3 (or remove the S3 variables)`,
      );
    }
    return { driver: 'local' };
  }
  for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!get(name)) throw new ConfigError(`Invalid environment variable ${name}: required when STORAGE_DRIVER=s3`);
  }
  const pathStyle = get('S3_FORCE_PATH_STYLE') ?? 'false';
  if (!['1', '0', 'true', 'false', 'yes', 'no'].includes(pathStyle)) {
    throw new ConfigError('Invalid environment variable S3_FORCE_PATH_STYLE: must be true or false');
  }
  return {
    driver: 's3',
    endpoint: url('S3_ENDPOINT', get('S3_ENDPOINT')),
    region: get('S3_REGION')!,
    bucket: get('S3_BUCKET')!,
    accessKeyId: get('S3_ACCESS_KEY_ID')!,
    secretAccessKey: get('S3_SECRET_ACCESS_KEY')!,
    forcePathStyle: ['1', 'true', 'yes'].includes(pathStyle),
    publicUrl: url('S3_PUBLIC_URL', get('S3_PUBLIC_URL')),
  };
}
