import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import type { MyApplication } from '@portal/contracts/expert-applications';
import {
  APPLICATION_STATUS,
  MVP_RULE,
  mvpApplyPath,
  type MvpApplication,
  type MvpApplicationFields,
  type MvpTerm,
} from '@portal/contracts/mvp';
import { type MvpAwardItem } from '@portal/contracts/mvp-awards';
import { siteById, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../../platform/audit/audit.service';
import { isDictionaryEntry } from '../../platform/dictionaries/dictionaries.repository';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { notify } from '../../platform/messages/messages.service';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import { parseList, type LinkItem } from './expert-applications.service';
import { mvpRepository, type MvpApplicationRow, type MvpAwardRow } from './mvp.repository';

type RequestInfo = Pick<FastifyRequest, 'ip' | 'id'>;

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The end of a term that starts at `start`: the same moment `months` later (a year by default). */
export function termEnd(start: number, months: number = MVP_RULE.termMonths): number {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end.getTime();
}

/** The award year of a term: the year (China time, the portal's home) in which it starts. */
export const awardYear = (start: number) => new Date(start + 8 * 60 * 60 * 1000).getUTCFullYear();

/** A day as members read it in a message (China time). */
const dayOf = (ms: number) => new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

const termOf = (award: MvpAwardRow): MvpTerm => ({
  award_id: award.id,
  year: Number(award.year),
  start_time: iso(award.starts_at)!,
  end_time: iso(award.ends_at)!,
});

/** The queue's title of an MVP application, in the site's language. */
export const mvpApplicationTitle = (site: Pick<Site, 'lang'>, name: string) =>
  translate(site.lang, 'mvpApplyApi.queueTitle', { name });

function stored(body: MvpApplicationFields) {
  return {
    real_name: body.real_name,
    company: body.company,
    job_title: body.job_title,
    field_ids: JSON.stringify([...new Set(body.field_ids)]),
    biography: body.biography,
    contributions: JSON.stringify(body.contributions),
  };
}

/**
 * Whether a member may apply now: not while an application waits, and an MVP only in the last
 * `renewalWindowDays` of the term (a renewal).
 */
function mayApply(row: MvpApplicationRow | undefined, term: MvpAwardRow | undefined, now: number): boolean {
  if (row?.status === APPLICATION_STATUS.pending) return false;
  return !term || Number(term.ends_at) - now <= MVP_RULE.renewalWindowDays * DAY;
}

function applicationView(
  row: MvpApplicationRow,
  review: { reason: string; decided_at: number | null } | undefined,
  editable: boolean,
): MvpApplication {
  return {
    application_id: row.id,
    status: row.status,
    reason: row.status === APPLICATION_STATUS.rejected ? (review?.reason ?? '') : '',
    real_name: row.real_name,
    company: row.company,
    job_title: row.job_title,
    field_ids: parseList<number>(row.field_ids),
    biography: row.biography,
    contributions: parseList<LinkItem>(row.contributions),
    tws_id: row.site_id,
    create_time: iso(row.created_at)!,
    submit_time: iso(row.submitted_at),
    decide_time: row.status === APPLICATION_STATUS.draft ? null : iso(review?.decided_at ?? null),
    editable,
  };
}

/**
 * Awards an MVP term inside the caller's transaction: it starts now, or when the member's current
 * term ends (a renewal), and lasts a year; the mvp role (every site, badge 20) lasts until its end.
 */
export async function awardTerm(
  executor: Executor,
  userId: number,
  now: number,
  opts: { applicationId: number | null; endsAt?: number },
): Promise<number> {
  const repo = mvpRepository(executor);
  const current = await repo.currentAward(userId, now);
  const startsAt = current ? Number(current.ends_at) : now;
  const endsAt = opts.endsAt ?? termEnd(startsAt);
  const id = await repo.insertAward({
    userId,
    year: awardYear(startsAt),
    startsAt,
    endsAt,
    applicationId: opts.applicationId,
    now,
  });
  await repo.holdRoleUntil(userId, endsAt, now);
  return id;
}

/** The review queue's decision on an MVP application, inside its transaction: approval awards a term. */
export async function decideMvpApplication(
  executor: Executor,
  itemId: number,
  status: number,
  now: number,
): Promise<boolean> {
  const repo = mvpRepository(executor);
  const row = await repo.applicationById(itemId);
  if (!row) return false;
  await repo.setApplicationStatus(row.id, status, now);
  if (status === REVIEW_STATUS.approved) await awardTerm(executor, row.user_id, now, { applicationId: row.id });
  return true;
}

/**
 * The MVP programme (issue 21 item 4, decision 044): the member's application (read, save, submit,
 * withdraw, in the personal centre's list), the MVPs by year, the back office's terms (grant, move
 * the end, end now) and the sweep that ends terms whose end has come. Each change commits with its
 * queue row, message and audit row.
 */
export function mvpService(db: Kysely<DB>, clock: Clock = { now: Date.now }) {
  async function read(executor: Executor, userId: number) {
    const now = clock.now();
    const repo = mvpRepository(executor);
    const [row, term] = await Promise.all([repo.applicationOf(userId), repo.currentAward(userId, now)]);
    const may = mayApply(row, term, now);
    const review = row ? (await reviewStates(executor, 'mvp', [row.id])).get(row.id) : undefined;
    return {
      application: row ? applicationView(row, review, may) : null,
      term: term ? termOf(term) : null,
      may_apply: may,
    };
  }

  async function write(site: Site, user: SignedInMember, body: MvpApplicationFields, submit: boolean) {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const repo = mvpRepository(trx);
      const [row, term] = await Promise.all([repo.applicationOf(user.id), repo.currentAward(user.id, now)]);
      if (row?.status === APPLICATION_STATUS.pending) throw ApiError.refused('mvpApplyApi.pending');
      if (!mayApply(row, term, now)) {
        throw ApiError.refused('mvpApplyApi.alreadyMvp', { end: dayOf(Number(term!.ends_at)) });
      }
      for (const field of body.field_ids) {
        if (!(await isDictionaryEntry(trx, site.tws_id, 'scene', field))) {
          throw invalidField(site.lang, 'field_ids', 'mvpApply.areasRule');
        }
      }
      await repo.ensureApplication(user.id, site.tws_id, now);
      const id = await repo.writeUnlessPending(user.id, site.tws_id, stored(body), {
        status: submit ? APPLICATION_STATUS.pending : APPLICATION_STATUS.draft,
        now,
        submitted: submit,
      });
      // Another submission of the same member won the race.
      if (id === null) throw ApiError.refused('mvpApplyApi.pending');
      if (submit) {
        await submitForReview(trx, {
          kind: 'mvp',
          itemId: id,
          siteId: site.tws_id,
          authorId: user.id,
          title: mvpApplicationTitle(site, body.real_name),
          now,
        });
      }
    });
    return read(db, user.id);
  }

  async function awardItems(site: Site, rows: MvpAwardRow[], now: number): Promise<MvpAwardItem[]> {
    const briefs = await memberBriefs(
      db,
      rows.map((r) => r.user_id),
      site.tws_id,
    );
    return rows
      .filter((r) => briefs.has(r.user_id))
      .map((r) => ({
        ...briefs.get(r.user_id)!,
        ...termOf(r),
        current: r.ended_at === null && Number(r.ends_at) > now,
      }));
  }

  async function currentItem(site: Site, userId: number): Promise<MvpAwardItem> {
    const now = clock.now();
    const award = await mvpRepository(db).currentAward(userId, now);
    if (!award) throw ApiError.refused('mvpAdmin.notMvp');
    return (await awardItems(site, [award], now))[0]!;
  }

  /** A staff-set end: in the future and at most about three years away; 400 naming the field otherwise. */
  function checkEnd(site: Site, endTime: string, now: number): number {
    const end = Date.parse(endTime);
    if (!(end > now) || end > now + MVP_RULE.termMaxDays * DAY) {
      throw invalidField(site.lang, 'end_time', 'mvpAdmin.endRule');
    }
    return end;
  }

  return {
    mine: (user: SignedInMember) => read(db, user.id),
    save: (site: Site, user: SignedInMember, body: MvpApplicationFields) => write(site, user, body, false),
    submit: (site: Site, user: SignedInMember, body: MvpApplicationFields) => write(site, user, body, true),

    async withdraw(user: SignedInMember) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = mvpRepository(trx);
        const row = await repo.applicationOf(user.id);
        const withdrawn =
          row !== undefined && (await withdrawFromReview(trx, { kind: 'mvp', itemId: row.id, authorId: user.id, now }));
        if (!row || !withdrawn) throw ApiError.refused('mvpApplyApi.notPending');
        await repo.setApplicationStatus(row.id, APPLICATION_STATUS.withdrawn, now);
      });
      return read(db, user.id);
    },

    /** The MVP application as the personal centre lists it, when the member has one. */
    async myApplication(site: Site, user: SignedInMember): Promise<MyApplication | null> {
      const { application } = await read(db, user.id);
      if (!application) return null;
      return {
        kind: 'mvp',
        application_id: application.application_id,
        status: application.status,
        reason: application.reason,
        title: mvpApplicationTitle(site, application.real_name || user.nickName),
        create_time: application.create_time,
        submit_time: application.submit_time,
        decide_time: application.decide_time,
        editable: application.editable,
        edit_path: mvpApplyPath((siteById(site.tws_id) ?? site).prefix),
      };
    },

    /** MVPs of an award year (the latest by default), newest award first. */
    async awards(site: Site, year: number | undefined, cursor: string | undefined, limit: number) {
      const repo = mvpRepository(db);
      const years = await repo.years();
      const chosen = year ?? years[0] ?? null;
      if (chosen === null) return { years, year: null, list: [], next_cursor: null };
      const rows = await repo.awardsOfYear(chosen, decodeCursor(cursor), limit + 1);
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const last = page[page.length - 1];
      return {
        years,
        year: chosen,
        list: await awardItems(site, page, clock.now()),
        next_cursor: more && last ? encodeCursor({ at: 0, id: last.id }) : null,
      };
    },

    async adminList(site: Site, cursor: string | undefined, limit: number) {
      const now = clock.now();
      const rows = await mvpRepository(db).currentAwards(now, decodeCursor(cursor), limit + 1);
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const last = page[page.length - 1];
      return {
        list: await awardItems(site, page, now),
        next_cursor: more && last ? encodeCursor({ at: Number(last.ends_at), id: last.id }) : null,
      };
    },

    async grant(site: Site, actor: SignedInMember, userId: number, reason: string, endTime: string, req: RequestInfo) {
      const now = clock.now();
      const end = checkEnd(site, endTime, now);
      await db.transaction().execute(async (trx) => {
        const repo = mvpRepository(trx);
        if (!(await repo.member(userId))) throw ApiError.notFound('mvpAdmin.userNotFound');
        if (await repo.currentAward(userId, now)) throw ApiError.refused('mvpAdmin.alreadyMvp');
        const awardId = await awardTerm(trx, userId, now, { applicationId: null, endsAt: end });
        await notify(trx, userId, { kind: 'mvp_granted', params: { reason, end: dayOf(end) }, siteId: null });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'mvp.grant',
          targetKind: 'user',
          targetId: userId,
          after: { role: 'mvp', award_id: awardId, ends_at: iso(end), reason },
          request: req,
          now,
        });
      });
      return currentItem(site, userId);
    },

    async moveEnd(site: Site, actor: SignedInMember, userId: number, endTime: string, req: RequestInfo) {
      const now = clock.now();
      const end = checkEnd(site, endTime, now);
      await db.transaction().execute(async (trx) => {
        const repo = mvpRepository(trx);
        const award = await repo.currentAward(userId, now);
        if (!award) throw ApiError.refused('mvpAdmin.notMvp');
        if (end <= Number(award.starts_at)) throw invalidField(site.lang, 'end_time', 'mvpAdmin.endRule');
        await repo.setAwardEnd(award.id, end);
        await repo.holdRoleUntil(userId, end, now);
        await notify(trx, userId, { kind: 'mvp_term_changed', params: { end: dayOf(end) }, siteId: null });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'mvp.term',
          targetKind: 'user',
          targetId: userId,
          before: { award_id: award.id, ends_at: iso(award.ends_at) },
          after: { award_id: award.id, ends_at: iso(end) },
          request: req,
          now,
        });
      });
      return currentItem(site, userId);
    },

    async end(site: Site, actor: SignedInMember, userId: number, reason: string, req: RequestInfo) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = mvpRepository(trx);
        const award = await repo.currentAward(userId, now);
        // Two staff ending at once: only the one whose delete took the grant goes on.
        if ((await repo.dropRole(userId)) === 0) throw ApiError.refused('mvpAdmin.notMvp');
        await repo.closeAwards(userId, now, reason, true);
        await notify(trx, userId, { kind: 'mvp_ended', params: { reason }, siteId: null });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'mvp.end',
          targetKind: 'user',
          targetId: userId,
          before: award ? { award_id: award.id, ends_at: iso(award.ends_at) } : { role: 'mvp' },
          after: { role: null, reason },
          request: req,
          now,
        });
      });
      return { user_id: userId, ended: true };
    },

    /**
     * Ends the terms whose end has come: each expired grant is deleted by a conditional delete, and
     * only the caller whose delete took it closes the award, messages the member and audits, so
     * several processes sweeping at once do each exactly once. Answers how many it ended.
     */
    async endExpiredTerms(batch = 100): Promise<number> {
      const now = clock.now();
      const due = await mvpRepository(db).expiredGrants(now, batch);
      let ended = 0;
      for (const grant of due) {
        const done = await db.transaction().execute(async (trx) => {
          const repo = mvpRepository(trx);
          if (!(await repo.dropExpiredGrant(grant.id, now))) return false;
          const end = Number(grant.expires_at);
          await repo.closeAwards(grant.user_id, now, '', false);
          await notify(trx, grant.user_id, { kind: 'mvp_term_ended', params: { end: dayOf(end) }, siteId: null });
          await recordAudit(trx, {
            actorId: null,
            siteId: null,
            action: 'mvp.expire',
            targetKind: 'user',
            targetId: grant.user_id,
            before: { role: 'mvp', expires_at: iso(end) },
            after: { role: null },
            now,
          });
          return true;
        });
        if (done) ended += 1;
      }
      return ended;
    },
  };
}

export type MvpService = ReturnType<typeof mvpService>;
