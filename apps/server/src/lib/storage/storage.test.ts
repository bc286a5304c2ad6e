import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { pageContentSecurityPolicy } from '../../plugins/security-headers';
import { contentDisposition, isStorageKey, newStorageKey, storageOrigins } from './index';

const S3 = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:4568/',
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'portal',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};
const PROD = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'a long admin password',
  MAIL_OUTBOX: 'true',
  PUBLIC_URL: 'https://community.example.com',
};

describe('storage configuration', () => {
  it('keeps attachments on the local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('reads a whole S3 configuration', () => {
    expect(loadConfig(S3).storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:4568',
      region: 'us-east-1',
      bucket: 'portal',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: undefined,
    });
  });

  it('refuses to start with half a configuration, naming the variable', () => {
    for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const env: Record<string, string> = { ...S3, ...PROD };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(
        new ConfigError(`Invalid environment variable ${name}: required when STORAGE_DRIVER=s3`),
      );
    }
    expect(() => loadConfig({ ...PROD, S3_BUCKET: 'portal' })).toThrow(/STORAGE_DRIVER: S3_BUCKET is set/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER: must be local or s3/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('lets the pages reach the store: connect-src, img-src and media-src', () => {
    const origins = storageOrigins(loadConfig(S3).storage);
    expect(origins).toEqual(['http://127.0.0.1:4568']);
    const csp = pageContentSecurityPolicy('n', origins);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4568");
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4568;");
    expect(pageContentSecurityPolicy('n')).toContain("connect-src 'self';");
    // Pictures of other sites are copied on publish: pages never load one (no tracking pixels).
    expect(pageContentSecurityPolicy('n')).toContain("img-src 'self' data: blob:;");
    expect(pageContentSecurityPolicy('n', ['https://cdn.example'])).toContain(
      "img-src 'self' data: blob: https://cdn.example;",
    );
  });
});

describe('storage keys', () => {
  it('are dated, random and never a name', () => {
    const key = newStorageKey('pdf', new Date(Date.UTC(2026, 10, 22, 5)));
    expect(key).toMatch(/^attachments\/2026\/11\/22\/\d+-[0-9a-f]{16}\.pdf$/);
    expect(isStorageKey(key)).toBe(true);
    expect(isStorageKey('attachments/2026/11/22/../../etc/passwd')).toBe(false);
    expect(newStorageKey('pdf')).not.toBe(newStorageKey('pdf'));
  });

  it('download names fall back to ASCII and carry the exact name as filename*', () => {
    expect(contentDisposition('attachment', 'a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});
