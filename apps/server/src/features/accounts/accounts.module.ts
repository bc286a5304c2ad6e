import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import { createMailer, type OutboxSink } from '../../platform/mail/mail';
import { outboxSmsProvider } from '../../platform/mail/sms';
import { accountsRepository } from './accounts.repository';
import { accountsService } from './accounts.service';
import type { SessionCookieOptions } from './auth.plugin';
import { codesService } from './codes.service';
import { outboxRepository } from '../../platform/mail/outbox.repository';
import { sessionsService } from './sessions.service';

const SWEEP_EVERY_MS = 3_600_000;

/**
 * Builds the accounts feature's services once, for the auth plugin and the routes: sessions, codes
 * with their mail and SMS delivery (or the outbox), and an hourly job sweeping rows that no longer
 * matter. `close` stops the mail transport (the app's onClose calls it).
 */
export async function createAccountsModule(deps: {
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
  jobs: Jobs;
}) {
  const { db, config, log, clock } = deps;
  const outbox = config.mail.outbox ? outboxRepository(db) : undefined;
  const sink: OutboxSink | undefined = outbox && ((entry) => outbox.add(entry, clock.now()));
  if (outbox && config.env === 'production') {
    log.warn(
      'MAIL_OUTBOX=true: mail and SMS stay on this machine and GET /api/dev/outbox hands out codes (tests only)',
    );
  }
  const mailer = await createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outbox: sink });
  const repo = accountsRepository(db);
  const sessions = sessionsService(repo, { ttlMs: config.sessionTtlMs, clock });
  const codes = codesService(repo, { mailer, sms: sink && outboxSmsProvider(sink), clock, log });
  const accounts = accountsService(db, { sessions, codes, clock, signIn: config.signIn });
  const cookie: SessionCookieOptions = { secure: config.env === 'production', ttlMs: config.sessionTtlMs };

  deps.jobs.add({
    name: 'accounts.sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      await accounts.sweep();
    },
  });

  return {
    sessions,
    codes,
    accounts,
    cookie,
    outbox,
    async close() {
      await mailer.close();
    },
  };
}

export type AccountsModule = Awaited<ReturnType<typeof createAccountsModule>>;
