import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createStorage } from '../lib/storage';
import { readEventFacts, topUpEvents } from '../seed/bench-events';
import { readExpertFacts, seedBenchExperts } from '../seed/bench-experts';
import { readJournalFacts, seedBenchJournal } from '../seed/bench-journal';
import { passwordCost, postsByAuthor, readBenchFacts, titlesStartingWith, topUpPosts } from '../seed/bench-posts';
import { seedBenchPersonalCentre } from '../seed/bench-personal-centre';
import { seedBenchRaffle } from '../seed/bench-raffle';
import { buildBenchSearchIndex } from '../seed/bench-search';
import { readTopicFacts, seedBenchTopics } from '../seed/bench-topics';
import { seedJournalDemo } from '../seed/demo-journal';
import { seedDemo } from '../seed/seed-demo';

/**
 * The benchmarks' data, on the database the server is configured for (DATA_DIR or DATABASE_URL), so
 * that bench/ runs no SQL of its own. Answers one JSON line on stdout.
 *
 *   bench-data.js seed [--posts=100000] [--detail-posts=5000]
 *     migrates, seeds the demo content (with the demo e-magazine, as SEED_DEMO=true does), tops the published posts up to --posts, and answers the
 *     counts with what the requests are made of (bench-posts.ts's BenchFacts)
 *   bench-data.js seed --posts=0 --events=20000 [--detail-events=2000]
 *     the same, then tops the events up to --events (bench-events.ts) and answers `events` and
 *     `eventFacts`
 *   bench-data.js seed --posts=0 --topics=10000 --topic-articles=200000 [--detail-topics=2000] [--detail-articles=5000]
 *     the same, then adds the bulk topics and their articles (bench-topics.ts) and answers `topics`
 *     and `topicFacts`
 *   bench-data.js seed --posts=20000 --experts=2000 [--expert-members=20000] [--detail-experts=2000]
 *     before the posts, the resident experts and plain members (bench-experts.ts), so that experts
 *     author posts as members do; answers `experts` and `expertFacts`
 *   bench-data.js seed --posts=0 --journal-issues=500 --journal-articles=10000 [--detail-issues=200]
 *     the same, then the bulk e-magazine issues and their articles (bench-journal.ts) and answers
 *     `journal` and `journalFacts`
 *   bench-data.js seed --posts=0 --raffle-members=50
 *     the same, then a running raffle campaign with members who hold sessions and chances
 *     (bench-raffle.ts) and answers `raffle`
 *   bench-data.js seed --posts=0 --centre-ledger=5000 --centre-items=1000
 *     the same, then a member with a session, that many points ledger rows and items (their posts,
 *     comments received, favourites; bench-personal-centre.ts) and answers `centre`
 *   bench-data.js seed --posts=1000000 --detail-posts=0 --search-index=true
 *     the same, then rebuilds the search index as `npm run search:reindex` does (bench-search.ts) and
 *     answers `search`: the build's time, the findable items per kind and the index's size on disk
 *   bench-data.js read [--authors=1,2,3] [--password-of=email] [--titles-starting=prefix]
 *     after a run: the posts each author published, the scrypt cost of a member's stored password,
 *     the titles of the posts a run wrote
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    posts: { type: 'string', default: '100000' },
    'detail-posts': { type: 'string', default: '5000' },
    events: { type: 'string', default: '0' },
    'detail-events': { type: 'string', default: '2000' },
    topics: { type: 'string', default: '0' },
    'topic-articles': { type: 'string', default: '0' },
    'detail-topics': { type: 'string', default: '2000' },
    'detail-articles': { type: 'string', default: '5000' },
    'journal-issues': { type: 'string', default: '0' },
    'journal-articles': { type: 'string', default: '0' },
    'detail-issues': { type: 'string', default: '200' },
    'raffle-members': { type: 'string', default: '0' },
    experts: { type: 'string', default: '0' },
    'expert-members': { type: 'string', default: '20000' },
    'detail-experts': { type: 'string', default: '2000' },
    'centre-ledger': { type: 'string', default: '0' },
    'centre-items': { type: 'string', default: '0' },
    'search-index': { type: 'string', default: 'false' },
    authors: { type: 'string', default: '' },
    'password-of': { type: 'string' },
    'titles-starting': { type: 'string' },
  },
});
const command = positionals[0];
if (command !== 'seed' && command !== 'read') {
  process.stderr.write(
    'usage: bench-data.js seed [--posts=N] [--detail-posts=N] | read [--authors=1,2] [--password-of=email] [--titles-starting=prefix]\n',
  );
  process.exit(2);
}
type CountFlag =
  | 'posts'
  | 'detail-posts'
  | 'events'
  | 'detail-events'
  | 'topics'
  | 'topic-articles'
  | 'detail-topics'
  | 'detail-articles'
  | 'journal-issues'
  | 'journal-articles'
  | 'detail-issues'
  | 'raffle-members'
  | 'experts'
  | 'expert-members'
  | 'detail-experts'
  | 'centre-ledger'
  | 'centre-items';
const count = (name: CountFlag) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not ${values[name]}`);
  return n;
};

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  let answer: object;
  if (command === 'seed') {
    const started = performance.now();
    await migrateToLatest(database.db);
    const now = Date.now();
    await seedDemo(database.db, { now });
    // The demo e-magazine carries real PDF files: the attachments' storage of DATA_DIR, as the server's.
    await seedJournalDemo(database.db, await createStorage(config.storage, config.uploadsDir), { now });
    const experts =
      count('experts') > 0
        ? await seedBenchExperts(database.db, { experts: count('experts'), members: count('expert-members'), now })
        : null;
    const posts = await topUpPosts(database.db, { posts: count('posts'), now });
    const facts = await readBenchFacts(database.db, { detailPosts: count('detail-posts') });
    const withEvents =
      count('events') > 0
        ? {
            events: await topUpEvents(database.db, { events: count('events'), now }),
            eventFacts: await readEventFacts(database.db, { detailEvents: count('detail-events') }),
          }
        : {};
    const withTopics =
      count('topics') > 0
        ? {
            topics: await seedBenchTopics(database.db, {
              topics: count('topics'),
              articles: count('topic-articles'),
              now,
            }),
            topicFacts: await readTopicFacts(database.db, {
              detailTopics: count('detail-topics'),
              detailArticles: count('detail-articles'),
            }),
          }
        : {};
    const withExperts = experts
      ? { experts, expertFacts: await readExpertFacts(database.db, { detailExperts: count('detail-experts') }) }
      : {};
    const withJournal =
      count('journal-issues') > 0
        ? {
            journal: await seedBenchJournal(database.db, {
              issues: count('journal-issues'),
              articles: count('journal-articles'),
              now,
            }),
            journalFacts: await readJournalFacts(database.db, { detailIssues: count('detail-issues'), now }),
          }
        : {};
    const withRaffle =
      count('raffle-members') > 0
        ? { raffle: await seedBenchRaffle(database.db, { members: count('raffle-members'), now }) }
        : {};
    const withCentre =
      count('centre-ledger') > 0 || count('centre-items') > 0
        ? {
            centre: await seedBenchPersonalCentre(database.db, {
              ledgerRows: count('centre-ledger'),
              items: count('centre-items'),
              now,
            }),
          }
        : {};
    let withSearch = {};
    if (values['search-index'] === 'true') {
      // Analysed first, so the rebuild's reads of the bulk posts are planned on real statistics.
      if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
      withSearch = { search: await buildBenchSearchIndex(database.db, database.dialect) };
    }
    // A production PostgreSQL has long analysed its tables; a fresh bulk load would otherwise be
    // analysed by autovacuum in the middle of the measurement (CPU on the same cores, then new plans).
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    answer = {
      db: database.dialect,
      posts,
      ...facts,
      ...withEvents,
      ...withTopics,
      ...withExperts,
      ...withJournal,
      ...withRaffle,
      ...withCentre,
      ...withSearch,
      ms: Math.round(performance.now() - started),
    };
  } else {
    const authors = values.authors
      .split(',')
      .filter(Boolean)
      .map((s) => Number(s));
    answer = {
      db: database.dialect,
      postsByAuthor: await postsByAuthor(database.db, authors),
      ...(values['password-of'] ? { scrypt: await passwordCost(database.db, values['password-of']) } : {}),
      ...(values['titles-starting']
        ? { titles: await titlesStartingWith(database.db, values['titles-starting']) }
        : {}),
    };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
} finally {
  await database.close();
}
