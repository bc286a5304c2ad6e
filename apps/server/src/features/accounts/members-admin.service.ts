import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { levelForPoints } from '@portal/contracts/constants';
import { STATUS } from '@portal/contracts/envelope';
import type { AdminUserDetail, AdminUserItem, BanRecord, BroadcastItem } from '@portal/contracts/members-admin';
import type { BroadcastInput } from '@portal/contracts/messages';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { SITES, type Lang, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { accountsRepository } from './accounts.repository';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { broadcast, listBroadcasts, notify, type BroadcastSummary } from '../../platform/messages/messages.service';
import { siteAccess } from '../../platform/roles/access';
import { rolesRepository } from '../../platform/roles/roles.repository';
import { describeGrants, isAdminHere } from '../../platform/roles/roles.service';
import { membersAdminRepository } from './members-admin.repository';

type RequestInfo = Pick<FastifyRequest, 'ip' | 'id'>;
type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof membersAdminRepository>['user']>>>;

const BAN_HISTORY_LIMIT = 50;
const iso = (ms: number) => new Date(ms).toISOString();

function forbidden(msgKey: string) {
  return new ApiError(403, STATUS.forbidden, msgKey);
}

type RoleNames = Map<string, { name_zh: string; name_en: string }>;
const roleName = (names: RoleNames, code: string, lang: Lang) => {
  const r = names.get(code);
  return r ? (lang === 'zh' ? r.name_zh : r.name_en) : code;
};

function toItem(
  row: UserRow,
  grants: ReadonlyArray<{ id: number; role: string; site_id: number | null; scope_id: number | null }>,
  names: RoleNames,
  lang: Lang,
  now: number,
): AdminUserItem {
  const until = row.banned_until === null ? 0 : Number(row.banned_until);
  const banned = until > now;
  return {
    user_id: row.id,
    user_nick_name: row.nick_name,
    user_avatar_att_url: row.avatar_url,
    user_email: row.email,
    user_mobile: row.mobile,
    user_name: row.real_name,
    user_company: row.company,
    user_expert: row.user_expert,
    user_points: row.points,
    user_points_level: levelForPoints(row.points_earned),
    is_edit: row.is_edit,
    status: row.status,
    roles: grants.map((g) => ({
      id: g.id,
      role: g.role,
      role_name: roleName(names, g.role, lang),
      tws_id: g.site_id,
      scope_id: g.scope_id,
    })),
    banned_until: banned ? iso(until) : null,
    ban_reason: banned ? row.ban_reason : '',
    create_time: iso(Number(row.created_at)),
  };
}

/** What the audit log keeps of a ban. */
const banState = (row: { banned_until: number | null; ban_reason: string }, now: number) => {
  const until = row.banned_until === null ? 0 : Number(row.banned_until);
  return until > now ? { banned_until: until, ban_reason: row.ban_reason } : { banned_until: null, ban_reason: '' };
};

/**
 * The back office's members: search and view, bans (which end every session at once and tell the
 * member), and staff broadcasts. Accounts are portal-wide; the roles shown are the managed site's.
 */
export function membersAdminService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = membersAdminRepository(db);

  async function roleNames(): Promise<RoleNames> {
    return new Map((await repo.roleNames()).map((r) => [r.code, r]));
  }

  /** Acting on an admin (anywhere) takes an admin of this site or of every site. */
  async function requireMayActOn(actor: SignedInMember, targetId: number, executor: Kysely<DB>) {
    const grants = await rolesRepository(executor).grantsOf(targetId);
    if (grants.some((g) => g.role === 'admin') && !isAdminHere(actor)) throw forbidden('membersAdmin.adminsOnly');
  }

  async function toBroadcastItem(row: BroadcastSummary, lang: Lang): Promise<BroadcastItem> {
    return (await toBroadcastItems([row], lang))[0]!;
  }

  async function toBroadcastItems(rows: readonly BroadcastSummary[], lang: Lang): Promise<BroadcastItem[]> {
    const [names, targets] = await Promise.all([
      roleNames(),
      repo.nickNames([...new Set(rows.flatMap((r) => (r.targetUserId === null ? [] : [r.targetUserId])))]),
    ]);
    const nick = new Map(targets.map((t) => [t.id, t.nick_name]));
    return rows.map((r) => ({
      id: r.id,
      tws_id: r.siteId,
      audience: r.audience,
      role: r.role,
      role_name: r.role === null ? null : roleName(names, r.role, lang),
      target:
        r.targetUserId === null ? null : { user_id: r.targetUserId, user_nick_name: nick.get(r.targetUserId) ?? '' },
      title: r.title,
      content: r.content,
      url: r.url,
      recipient_count: r.recipientCount,
      created_by: r.createdBy === null ? null : { user_id: r.createdBy, user_nick_name: r.createdByNick ?? '' },
      create_time: iso(r.createdAt),
    }));
  }

  return {
    async list(
      site: Site,
      query: { keyword?: string; role?: string; banned?: boolean; cursor?: string; page_size: number },
    ) {
      const now = clock.now();
      const after = decodeCursor(query.cursor);
      const rows = await repo.usersPage(
        { keyword: query.keyword, role: query.role, banned: query.banned, siteId: site.tws_id, now },
        after?.id ?? null,
        query.page_size + 1,
      );
      const page = rows.slice(0, query.page_size);
      const [grants, names] = await Promise.all([
        repo.grantsOn(
          page.map((r) => r.id),
          site.tws_id,
        ),
        roleNames(),
      ]);
      const last = page[page.length - 1];
      return {
        list: page.map((row) =>
          toItem(
            row,
            grants.filter((g) => g.user_id === row.id),
            names,
            site.lang,
            now,
          ),
        ),
        next_cursor: rows.length > query.page_size && last ? encodeCursor({ at: last.id, id: last.id }) : null,
      };
    },

    async detail(site: Site, userId: number): Promise<AdminUserDetail> {
      const now = clock.now();
      const row = await repo.user(userId);
      if (!row) throw ApiError.notFound('membersAdmin.userNotFound');
      const roles = rolesRepository(db);
      const [siteGrants, allGrants, names, bans, sessions, briefs] = await Promise.all([
        repo.grantsOn([userId], site.tws_id),
        roles.grantsOf(userId),
        roleNames(),
        repo.bans(userId, BAN_HISTORY_LIMIT),
        repo.liveSessions(userId, now),
        memberBriefs(db, [userId], site.tws_id),
      ]);
      const ban = (b: (typeof bans)[number]): BanRecord => ({
        id: b.id,
        reason: b.reason,
        start_time: iso(Number(b.created_at)),
        end_time: iso(Number(b.ends_at)),
        created_by: b.created_by === null ? null : { user_id: b.created_by, user_nick_name: b.creator_nick_name ?? '' },
        lifted_time: b.lifted_at === null ? null : iso(Number(b.lifted_at)),
        lifted_by: b.lifted_by === null ? null : { user_id: b.lifted_by, user_nick_name: b.lifter_nick_name ?? '' },
      });
      return {
        ...toItem(row, siteGrants, names, site.lang, now),
        user_job_title: row.job_title,
        user_industry: row.industry_id,
        user_contact_mobile: row.contact_mobile,
        user_contact_email: row.contact_email,
        user_follow_count: row.follow_count,
        user_fans_count: row.fans_count,
        user_logo_arr: briefs.get(userId)?.user_logo_arr ?? [],
        grants: await describeGrants(roles, allGrants, site.lang),
        bans: bans.map(ban),
        live_sessions: sessions,
      };
    },

    /**
     * Bans a member until `until` with a reason: the ban, its history row, the end of every session
     * of theirs, their message and the audit row commit together. A ban in force is replaced (its
     * history row is closed). `until` is already in the future and within 100 years (the contract).
     */
    async ban(actor: SignedInMember, body: { user_id: number; reason: string; until: number }, request: RequestInfo) {
      const now = clock.now();
      if (body.user_id === actor.id) throw ApiError.refused('membersAdmin.cannotBanSelf');
      return db.transaction().execute(async (trx) => {
        const members = membersAdminRepository(trx);
        const target = await members.user(body.user_id);
        if (!target) throw ApiError.notFound('membersAdmin.userNotFound');
        await requireMayActOn(actor, target.id, trx);
        await members.liftOpenBans(target.id, actor.id, now);
        await members.insertBan({ userId: target.id, reason: body.reason, endsAt: body.until, by: actor.id, now });
        await members.setBan(target.id, body.until, body.reason, now);
        const ended = await accountsRepository(trx).revokeSessionsOf(target.id, now);
        await notify(trx, target.id, { kind: 'banned', params: { until: body.until, reason: body.reason } });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: null,
          action: 'user.ban',
          targetKind: 'user',
          targetId: target.id,
          before: banState(target, now),
          after: { banned_until: body.until, ban_reason: body.reason, ended_sessions: ended },
          request,
          now,
        });
        return { user_id: target.id, banned_until: iso(body.until), ban_reason: body.reason, ended_sessions: ended };
      });
    },

    async unban(actor: SignedInMember, userId: number, request: RequestInfo) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const members = membersAdminRepository(trx);
        const target = await members.user(userId);
        if (!target) throw ApiError.notFound('membersAdmin.userNotFound');
        const before = banState(target, now);
        if (before.banned_until === null) throw ApiError.refused('membersAdmin.notBanned');
        await requireMayActOn(actor, target.id, trx);
        await members.liftOpenBans(target.id, actor.id, now);
        await members.setBan(target.id, null, '', now);
        await notify(trx, target.id, { kind: 'unbanned' });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: null,
          action: 'user.unban',
          targetKind: 'user',
          targetId: target.id,
          before,
          after: { banned_until: null, ban_reason: '' },
          request,
          now,
        });
        return { user_id: target.id, banned_until: null, ban_reason: '' };
      });
    },

    /**
     * A staff broadcast, shown on this site or on both (which takes the permission on both), to
     * everyone, to the holders of a role, or to one member; with its audit row, in one transaction.
     */
    async broadcast(actor: SignedInMember, site: Site, body: BroadcastInput, request: RequestInfo) {
      const now = clock.now();
      if (body.tws_id !== null && body.tws_id !== site.tws_id) throw forbidden('membersAdmin.broadcastOtherSite');
      if (body.tws_id === null) {
        for (const other of SITES) {
          const access = await siteAccess(db, actor.id, other.tws_id);
          if (!access.permissions.has(PERMISSIONS.messageBroadcast)) throw forbidden('membersAdmin.broadcastBothSites');
        }
      }
      if (body.audience === 'role' && !(await repo.roleExists(body.role))) throw ApiError.notFound('roles.notFound');
      if (body.audience === 'member' && !(await repo.isActiveMember(body.user_id))) {
        throw ApiError.notFound('membersAdmin.userNotFound');
      }
      const id = await db.transaction().execute(async (trx) => {
        const sent = await broadcast(trx, {
          siteId: body.tws_id,
          audience: body.audience,
          role: body.audience === 'role' ? body.role : undefined,
          userId: body.audience === 'member' ? body.user_id : undefined,
          title: body.title,
          content: body.content,
          url: body.url,
          createdBy: actor.id,
          now,
        });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: body.tws_id,
          action: 'message.broadcast',
          targetKind: 'broadcast',
          targetId: sent.broadcastId,
          after: { ...body, recipients: sent.recipients },
          request,
          now,
        });
        return sent.broadcastId;
      });
      const row = await repo.broadcast(id);
      if (!row) throw new Error(`broadcast ${id} vanished`);
      return toBroadcastItem(
        {
          id: row.id,
          siteId: row.site_id,
          audience: row.audience as BroadcastSummary['audience'],
          role: row.role,
          targetUserId: row.target_user_id,
          title: row.title,
          content: row.content,
          url: row.url,
          recipientCount: row.recipient_count,
          createdBy: row.created_by,
          createdByNick: row.created_by_nick,
          createdAt: Number(row.created_at),
        },
        site.lang,
      );
    },

    async broadcasts(site: Site, query: { cursor?: string; page_size: number }) {
      const page = await listBroadcasts(db, { siteId: site.tws_id, cursor: query.cursor, limit: query.page_size });
      return { list: await toBroadcastItems(page.list, site.lang), next_cursor: page.next_cursor };
    },
  };
}

export type MembersAdminService = ReturnType<typeof membersAdminService>;
