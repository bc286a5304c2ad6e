import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureAdminAccount } from './features/accounts/admin-account';
import { ensureLegalPages } from './seed/legal-pages';
import { seedDemo } from './seed/seed-demo';
import { seedJournalDemo } from './seed/demo-journal';
import { seedCooperationDemo } from './seed/demo-cooperation';
import { seedRaffleDemo } from './seed/demo-raffle';
import { createStorage } from './lib/storage';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(config.database);
  const applied = await migrateToLatest(database.db);
  // The Redis client is loaded only in the scale-out mode.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;

  const app = await buildApp({ config, database, redis, pages: true });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  const admin = await ensureAdminAccount(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    now: Date.now(),
  });
  if (admin.generatedPassword) {
    // Printed once, at the first start in development; the hash is all that is kept.
    process.stdout.write(
      `\n  Admin account created: ${admin.email}\n  Password (shown only now): ${admin.generatedPassword}\n\n`,
    );
  }
  if (config.seedDemo) {
    const { seeded } = await seedDemo(database.db, { now: Date.now() });
    if (seeded) app.log.info('demo content seeded');
    // The e-magazine's demo issues carry real PDF files, so they need the attachments' storage.
    const journal = await seedJournalDemo(database.db, await createStorage(config.storage, config.uploadsDir), {
      now: Date.now(),
    });
    if (journal.seeded) app.log.info('demo e-magazine seeded');
    const cooperation = await seedCooperationDemo(database.db, await createStorage(config.storage, config.uploadsDir), {
      now: Date.now(),
    });
    if (cooperation.seeded) app.log.info('demo cooperation pages seeded');
    const raffle = await seedRaffleDemo(database.db, { now: Date.now() });
    if (raffle.seeded) app.log.info('demo raffle seeded');
  }
  // Registration links to these pages: a database from before them gets the default texts.
  const legal = await ensureLegalPages(database.db, { now: Date.now() });
  if (legal.inserted > 0) app.log.info({ pages: legal.inserted }, 'terms of use and privacy policy added');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
