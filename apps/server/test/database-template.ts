import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that each test app copies: a SQLite file, or a PostgreSQL database's name. */
    testDatabaseTemplate?: string;
  }
}

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The API suites' global set-up: migrates one database for the whole run, which every test app then
 * copies (a file copy on SQLite, `create database … template` on PostgreSQL) instead of running every
 * migration again (0.2 s an app on SQLite, 0.8 s on PostgreSQL, a hundred and fifty apps a suite).
 * Made anew on each run, so it always holds the migrations of the checkout; removed after it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB === 'postgres') {
    const name = `portal_test_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await migrateToLatest(database.db);
    } finally {
      // A template accepts copies only while nobody is connected to it.
      await database.close();
    }
    project.provide('testDatabaseTemplate', name);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-template-'));
  const file = path.join(dir, 'portal.sqlite');
  const database = await openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(database.db);
  } finally {
    // Closing the last connection folds the write-ahead log into the file, so the file alone is whole.
    await database.close();
  }
  project.provide('testDatabaseTemplate', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
