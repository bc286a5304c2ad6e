import type { Kysely } from 'kysely';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { AdminExpertItem } from '@portal/contracts/expert-applications';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { notify } from '../../platform/messages/messages.service';
import { expertApplicationsRepository } from './expert-applications.repository';
import type { RequestInfo } from './expert-applications.service';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * The back office's resident experts (issue 21 item 6): the list, and granting or revoking the
 * expert status directly, each with a reason that the member is told in an in-site message; the
 * change, the message and the audit row commit together.
 */
export function expertsAdminService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  async function item(site: Site, userId: number): Promise<AdminExpertItem> {
    const repo = expertApplicationsRepository(db);
    const [member, grants, briefs] = await Promise.all([
      repo.member(userId),
      repo.expertGrants(userId),
      memberBriefs(db, [userId], site.tws_id),
    ]);
    const since = grants.length ? Math.min(...grants.map((g) => Number(g.created_at))) : null;
    return {
      ...briefs.get(userId)!,
      user_company: member?.company ?? '',
      user_job_title: member?.job_title ?? '',
      user_expert: member?.user_expert ?? EXPERT_FLAG.normal,
      since: iso(since),
    };
  }

  return {
    async list(site: Site, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor);
      const rows = await expertApplicationsRepository(db).experts(after, limit + 1);
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const briefs = await memberBriefs(
        db,
        page.map((r) => r.id),
        site.tws_id,
      );
      const last = page[page.length - 1];
      return {
        list: page.map((r) => ({
          ...briefs.get(r.id)!,
          user_company: r.company,
          user_job_title: r.job_title,
          user_expert: r.user_expert,
          since: iso(r.since === null ? null : Number(r.since)),
        })),
        next_cursor: more && last ? encodeCursor({ at: 0, id: last.id }) : null,
      };
    },

    async grant(site: Site, actor: SignedInMember, userId: number, reason: string, request: RequestInfo) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = expertApplicationsRepository(trx);
        const member = await repo.member(userId);
        if (!member) throw ApiError.notFound('expertsAdmin.userNotFound');
        if (await repo.isExpert(userId)) throw ApiError.refused('expertsAdmin.alreadyExpert');
        await repo.makeExpert(userId, now);
        await notify(trx, userId, { kind: 'expert_granted', params: { reason }, siteId: null });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'expert.grant',
          targetKind: 'user',
          targetId: userId,
          before: { user_expert: member.user_expert },
          after: { user_expert: EXPERT_FLAG.expert, role: 'expert', reason },
          request,
          now,
        });
      });
      return item(site, userId);
    },

    async revoke(site: Site, actor: SignedInMember, userId: number, reason: string, request: RequestInfo) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = expertApplicationsRepository(trx);
        const member = await repo.member(userId);
        if (!member) throw ApiError.notFound('expertsAdmin.userNotFound');
        const grants = await repo.expertGrants(userId);
        // Two staff revoking at once: only the one whose delete or update changed a row goes on.
        if ((await repo.unmakeExpert(userId, now)) === 0) throw ApiError.refused('expertsAdmin.notExpert');
        await notify(trx, userId, { kind: 'expert_revoked', params: { reason }, siteId: null });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: site.tws_id,
          action: 'expert.revoke',
          targetKind: 'user',
          targetId: userId,
          before: { user_expert: member.user_expert, grants: grants.map((g) => ({ id: g.id, site_id: g.site_id })) },
          after: { user_expert: EXPERT_FLAG.normal, reason },
          request,
          now,
        });
      });
      return { user_id: userId, user_expert: EXPERT_FLAG.normal };
    },
  };
}
