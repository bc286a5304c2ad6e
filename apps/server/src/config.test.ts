import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts on the embedded default with port 3000 and ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/portal.sqlite') });
    expect(config.seedDemo).toBe(true);
    expect(config.redisUrl).toBeUndefined();
  });

  it('switches to PostgreSQL when DATABASE_URL is a postgres URL, without demo content by default', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal', REDIS_URL: 'redis://cache:6379' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/portal' });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.seedDemo).toBe(false);
  });

  it('seeds no demo content in production unless SEED_DEMO=true asks for it', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      MAIL_OUTBOX: 'true',
      PUBLIC_URL: 'https://community.example.com',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('turns demo content off with SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid environment variable DATABASE_URL: must start with postgres:\/\/ or sqlite:$/,
    ],
    [{ REDIS_URL: 'http://x' }, /^Invalid environment variable REDIS_URL: /],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV: /],
    [{ SEED_DEMO: 'maybe' }, /^Invalid environment variable SEED_DEMO: must be true or false$/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid environment variable ADMIN_PASSWORD: must be at least 12 characters$/],
    [{ NODE_ENV: 'production' }, /^Invalid environment variable ADMIN_PASSWORD: required when NODE_ENV=production/],
    [
      { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password' },
      /^Invalid environment variable SMTP_URL: required when NODE_ENV=production/,
    ],
    [
      { SMTP_URL: 'mail.example.com:25' },
      /^Invalid environment variable SMTP_URL: must start with smtp:\/\/ or smtps:\/\/$/,
    ],
    [{ MAIL_OUTBOX: 'perhaps' }, /^Invalid environment variable MAIL_OUTBOX: must be true or false$/],
    [{ SESSION_TTL_MS: '1000' }, /^Invalid environment variable SESSION_TTL_MS: /],
    [{ SIGN_IN_FAILURES_ALLOWED: '0' }, /^Invalid environment variable SIGN_IN_FAILURES_ALLOWED: /],
    [{ SIGN_IN_WINDOW_MS: 'soon' }, /^Invalid environment variable SIGN_IN_WINDOW_MS: /],
    [
      { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password', MAIL_OUTBOX: 'true' },
      /^Invalid environment variable PUBLIC_URL: required when NODE_ENV=production/,
    ],
    [{ PUBLIC_URL: 'community.example.com' }, /^Invalid environment variable PUBLIC_URL: must be an http\(s\) origin/],
    [{ PUBLIC_URL: 'https://community.example.com/forum' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ PUBLIC_URL: 'ftp://community.example.com' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ PUBLIC_URL: 'https://community.example.com/?x=1' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ OVERLOAD_MAX_HEAP_RATIO: '2' }, /^Invalid environment variable OVERLOAD_MAX_HEAP_RATIO: /],
  ];
  it.each(bad)('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('starts in production when ADMIN_PASSWORD and SMTP_URL are set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://community.example.com',
    });
    expect(config.env).toBe('production');
    expect(config.adminPassword).toBe('a-long-admin-password');
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Storage Community <no-reply@storage-community.local>',
      outbox: false,
    });
  });

  it('keeps mail in the outbox outside production unless SMTP_URL is set, and in production only when asked', () => {
    expect(loadConfig({}).mail.outbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.outbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toMatchObject({
      outbox: false,
      smtpUrl: 'smtp://127.0.0.1:2525',
    });
    const e2e = loadConfig({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      MAIL_OUTBOX: 'true',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    });
    expect(e2e.mail).toMatchObject({ outbox: true, smtpUrl: undefined });
    // The outbox wins: a test run with SMTP_URL in its environment still mails nobody.
    expect(loadConfig({ SMTP_URL: 'smtp://relay:25', MAIL_OUTBOX: 'true' }).mail).toMatchObject({
      outbox: true,
      smtpUrl: undefined,
    });
  });

  it('takes its own address from PUBLIC_URL, else http://localhost on its port outside production', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://Community.Example.com/' }).publicUrl).toBe(
      'https://community.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('reads the overload limits', () => {
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 1000,
      maxHeapRatio: 0.95,
      retryAfterSeconds: 10,
      maxInFlight: 32,
      maxRenders: 2 * os.availableParallelism(),
      maxQueuedRenders: 24,
      maxRenderWaitMs: 2000,
    });
    expect(
      loadConfig({
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_HEAP_RATIO: '0.9',
        OVERLOAD_RETRY_AFTER_SECONDS: '5',
        OVERLOAD_MAX_IN_FLIGHT: '0',
        OVERLOAD_MAX_RENDERS: '3',
        OVERLOAD_MAX_QUEUED_RENDERS: '0',
        OVERLOAD_MAX_RENDER_WAIT_MS: '500',
      }).overload,
    ).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapRatio: 0.9,
      retryAfterSeconds: 5,
      maxInFlight: 0,
      maxRenders: 3,
      maxQueuedRenders: 0,
      maxRenderWaitMs: 500,
    });
    expect(() => loadConfig({ OVERLOAD_MAX_RENDERS: '0' })).toThrow(/OVERLOAD_MAX_RENDERS/);
  });

  it('reads the session lifetime and the sign-in limits, with the defaults of the contracts', () => {
    expect(loadConfig({})).toMatchObject({
      sessionTtlMs: 30 * 24 * 3_600_000,
      signIn: { failuresAllowed: 5, windowMs: 15 * 60_000 },
    });
    expect(
      loadConfig({ SESSION_TTL_MS: '3600000', SIGN_IN_FAILURES_ALLOWED: '1000', SIGN_IN_WINDOW_MS: '60000' }),
    ).toMatchObject({ sessionTtlMs: 3_600_000, signIn: { failuresAllowed: 1000, windowMs: 60_000 } });
  });
});
