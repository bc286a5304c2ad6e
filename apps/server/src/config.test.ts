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

  it('turns demo content off with SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: must start with postgres:\/\/ or sqlite:$/],
    [{ REDIS_URL: 'http://x' }, /^Invalid environment variable REDIS_URL: /],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV: /],
    [{ SEED_DEMO: 'maybe' }, /^Invalid environment variable SEED_DEMO: must be true or false$/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid environment variable ADMIN_PASSWORD: must be at least 12 characters$/],
    [{ NODE_ENV: 'production' }, /^Invalid environment variable ADMIN_PASSWORD: required when NODE_ENV=production/],
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

  it('starts in production when ADMIN_PASSWORD is set', () => {
    const config = loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password' });
    expect(config.env).toBe('production');
    expect(config.adminPassword).toBe('a-long-admin-password');
  });
});
