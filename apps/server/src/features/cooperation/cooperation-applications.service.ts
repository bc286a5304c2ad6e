import type { Kysely } from 'kysely';
import {
  COOPERATION_STATUS,
  cooperationApplyPath,
  type CooperationApplication,
  type CooperationFields,
} from '@portal/contracts/cooperation';
import type { MyApplication } from '@portal/contracts/expert-applications';
import { siteById, type Site } from '@portal/contracts/sites';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import type { MemberApplicationSource } from '../../platform/kit/feature';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import { cooperationRepository, type CooperationApplicationRow } from './cooperation.repository';
import { iso } from './cooperation.service';

/** The queue's title of a cooperation application, in the site's language. */
export const applicationTitle = (lang: Site['lang'], company: string) =>
  translate(lang, 'cooperationApi.queueTitle', { company });

function view(
  row: CooperationApplicationRow,
  review: { reason: string; decided_at: number | null } | undefined,
  partnerCompany: string | null,
): CooperationApplication {
  const status = row.status;
  return {
    application_id: row.id,
    status,
    reason: status === COOPERATION_STATUS.rejected ? (review?.reason ?? '') : '',
    company: row.company,
    contact_name: row.contact_name,
    phone: row.phone,
    email: row.email,
    intent: row.intent,
    partner_company: partnerCompany,
    tws_id: row.site_id,
    create_time: iso(row.created_at)!,
    submit_time: iso(row.submitted_at),
    decide_time: status === COOPERATION_STATUS.draft ? null : iso(review?.decided_at ?? null),
    editable: status !== COOPERATION_STATUS.pending && partnerCompany === null,
  };
}

async function read(executor: Executor, userId: number) {
  const repo = cooperationRepository(executor);
  const [row, membership, partner] = await Promise.all([
    repo.applicationByUser(userId),
    repo.membershipOf(userId),
    repo.isPartner(userId),
  ]);
  const company = membership?.name ?? null;
  const review = row ? (await reviewStates(executor, 'cooperation', [row.id])).get(row.id) : undefined;
  return {
    application: row ? view(row, review, company) : null,
    is_partner: partner,
    partner_company: company,
  };
}

/** The member's cooperation application for `user.applications` (a contribution of this feature). */
export const cooperationApplications: MemberApplicationSource = {
  kind: 'cooperation',
  async mine(executor, site, member): Promise<MyApplication | null> {
    const { application } = await read(executor, member.id);
    if (!application) return null;
    return {
      kind: 'cooperation',
      application_id: application.application_id,
      status: application.status,
      reason: application.reason,
      title: applicationTitle(site.lang, application.company || member.nickName),
      create_time: application.create_time,
      submit_time: application.submit_time,
      decide_time: application.decide_time,
      editable: application.editable,
      edit_path: cooperationApplyPath((siteById(site.tws_id) ?? site).prefix),
    };
  },
};

/**
 * The member's side of the cooperation application (decision 045): read, save as a draft, submit
 * to the site's review queue, withdraw while pending. One application per member; refused while it
 * is pending and once the member belongs to a partner company.
 */
export function cooperationApplicationsService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  async function write(site: Site, user: SignedInMember, body: CooperationFields, submit: boolean) {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const repo = cooperationRepository(trx);
      if (await repo.membershipOf(user.id)) throw ApiError.refused('cooperationApi.alreadyPartner');
      // Said first; the conditional update below is what holds under races.
      if ((await repo.applicationByUser(user.id))?.status === COOPERATION_STATUS.pending) {
        throw ApiError.refused('cooperationApi.pending');
      }
      await repo.ensureApplication(user.id, site.tws_id, now);
      const id = await repo.writeUnlessPending(user.id, site.tws_id, body, {
        status: submit ? COOPERATION_STATUS.pending : COOPERATION_STATUS.draft,
        now,
        submitted: submit,
      });
      if (id === null) throw ApiError.refused('cooperationApi.pending');
      if (submit) {
        await submitForReview(trx, {
          kind: 'cooperation',
          itemId: id,
          siteId: site.tws_id,
          authorId: user.id,
          title: applicationTitle(site.lang, body.company),
          now,
        });
      }
    });
    return read(db, user.id);
  }

  return {
    mine: (user: SignedInMember) => read(db, user.id),
    save: (site: Site, user: SignedInMember, body: CooperationFields) => write(site, user, body, false),
    submit: (site: Site, user: SignedInMember, body: CooperationFields) => write(site, user, body, true),

    async withdraw(user: SignedInMember) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = cooperationRepository(trx);
        const row = await repo.applicationByUser(user.id);
        const withdrawn =
          row !== undefined &&
          (await withdrawFromReview(trx, { kind: 'cooperation', itemId: row.id, authorId: user.id, now }));
        if (!row || !withdrawn) throw ApiError.refused('cooperationApi.notPending');
        await repo.setApplicationStatus(row.id, COOPERATION_STATUS.withdrawn, now);
      });
      return read(db, user.id);
    },
  };
}
