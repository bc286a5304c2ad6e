import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../seed/seed-demo';
import { seedJournalDemo } from '../seed/demo-journal';
import { seedRaffleDemo } from '../seed/demo-raffle';
import { seedCooperationDemo } from '../seed/demo-cooperation';
import { createStorage } from '../lib/storage';

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const { seeded } = await seedDemo(database.db, { now: Date.now() });
process.stdout.write(seeded ? 'Demo content seeded\n' : 'Demo content was already there; nothing to do\n');
const journal = await seedJournalDemo(database.db, await createStorage(config.storage, config.uploadsDir), {
  now: Date.now(),
});
process.stdout.write(
  journal.seeded ? 'Demo e-magazine seeded\n' : 'The e-magazine had content already; nothing to do\n',
);
const cooperation = await seedCooperationDemo(database.db, await createStorage(config.storage, config.uploadsDir), {
  now: Date.now(),
});
process.stdout.write(
  cooperation.seeded ? 'Demo cooperation pages seeded\n' : 'Cooperation had pages already; nothing to do\n',
);
const raffle = await seedRaffleDemo(database.db, { now: Date.now() });
process.stdout.write(raffle.seeded ? 'Demo raffle seeded\n' : 'The raffle had campaigns already; nothing to do\n');
await database.close();
