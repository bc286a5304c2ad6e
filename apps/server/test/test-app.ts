import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { usePasswordCost } from '../src/lib/password';

export type TestDb = 'sqlite' | 'postgres';

export const testDb: TestDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The scale-out mode's Redis client and the prefix of this app's keys in it (none on SQLite). */
  redis?: Redis;
  redisNameSpace: string;
  /** POST an API call the way the browser does (isapi header, JSON body). */
  call(url: string, body?: unknown, extra?: { headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh portal on a fresh database: SQLite in a temp folder, or a new PostgreSQL database (and
 * Redis for shared counters) that is dropped again on close. Nothing is mocked.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    pages?: boolean;
    /** Adds routes before the app is ready (tests of mechanisms that no feature call exercises yet). */
    extend?: (app: FastifyInstance) => void;
    /** Lets the remote-picture fetch reach these addresses too (a loopback test server); never in production. */
    remoteImagesAllowAddress?: (address: string) => boolean;
    /** The cost of the password hashes made from now on (lib/password.ts): cheap unless a test times them. */
    passwordCost?: 'production' | 'test';
  } = {},
): Promise<TestApp> {
  usePasswordCost(opts.passwordCost ?? 'test');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const template = inject('testDatabaseTemplate');
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (testDb === 'postgres') {
    dbName = `portal_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the run's migrated template when the suite made one (./database-template.ts).
    await admin.query(`create database ${dbName}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } : {}),
    ...opts.env,
  });
  if (template && config.database.kind === 'sqlite' && !opts.env?.DATABASE_URL) {
    fs.copyFileSync(template, config.database.file);
  }
  const database = await openDatabase(config.database);
  // Nothing to do on a copy of the template; the whole history on a database made without one.
  await migrateToLatest(database.db);
  if (opts.seed) {
    const { seedDemo } = await import('../src/seed/seed-demo');
    await seedDemo(database.db, { now: Date.now() });
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const redisNameSpace = `portal-test-${crypto.randomBytes(6).toString('hex')}-`;
  const app = await buildApp({
    config,
    database,
    redis,
    pages: opts.pages ?? false,
    logger: false,
    redisNameSpace,
    remoteImagesAllowAddress: opts.remoteImagesAllowAddress,
  });
  opts.extend?.(app);
  await app.ready();

  return {
    app,
    database,
    config,
    redis,
    redisNameSpace,
    call: (url, body = {}, extra = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { isapi: '1', 'content-type': 'application/json', ...extra.headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      } satisfies InjectOptions),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}
