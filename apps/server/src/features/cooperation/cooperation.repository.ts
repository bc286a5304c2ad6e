import { sql, type ExpressionBuilder } from 'kysely';
import { PARTNER_ROLE } from '@portal/contracts/permissions';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';

const PAGE_COLUMNS = [
  'id',
  'site_id',
  'kind',
  'title',
  'summary',
  'cover_url',
  'body_html',
  'sort',
  'published',
  'lang_group_id',
  'created_at',
  'updated_at',
] as const;

/** The application's columns a member fills in. */
export interface StoredApplication {
  company: string;
  contact_name: string;
  phone: string;
  email: string;
  intent: string;
}

/** A company name folded for matching: trimmed, inner spaces collapsed, lower case. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A page's downloads and, of them, the partner-only ones, for its card. */
const FILE_COUNTS = [
  (eb: ExpressionBuilder<DB, 'cooperation_pages'>) =>
    eb
      .selectFrom('cooperation_files')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('cooperation_files.page_id', '=', 'cooperation_pages.id')
      .as('file_count'),
  (eb: ExpressionBuilder<DB, 'cooperation_pages'>) =>
    eb
      .selectFrom('cooperation_files')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('cooperation_files.page_id', '=', 'cooperation_pages.id')
      .where('cooperation_files.partner_only', '=', 1)
      .as('partner_file_count'),
] as const;

/** Cooperation pages and their files, partner companies and members, applications. Kysely only. */
export function cooperationRepository(db: Executor) {
  return {
    // Pages.

    /** Published pages of a kind in their order (sort, then id), after a keyset position. */
    publishedPages(siteId: number, kind: string, after: KeysetCursor | null, limit: number) {
      let query = db
        .selectFrom('cooperation_pages')
        .select([...PAGE_COLUMNS, ...FILE_COUNTS])
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .where('published', '=', 1);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('sort', '>', after.at), eb.and([eb('sort', '=', after.at), eb('id', '>', after.id)])]),
        );
      }
      return query.orderBy('sort').orderBy('id').limit(limit).execute();
    },

    /** Every page of a site, drafts too, for the back office. */
    allPages: (siteId: number) =>
      db
        .selectFrom('cooperation_pages')
        .select([...PAGE_COLUMNS, ...FILE_COUNTS])
        .where('site_id', '=', siteId)
        .orderBy('kind')
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    page: (id: number) =>
      db.selectFrom('cooperation_pages').select(PAGE_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** The other pages of a language group (the linked versions). */
    versions: (groupId: number, exceptId: number) =>
      db
        .selectFrom('cooperation_pages')
        .select(['id', 'site_id', 'title', 'published'])
        .where('lang_group_id', '=', groupId)
        .where('id', '!=', exceptId)
        .orderBy('site_id')
        .execute(),

    async insertPage(values: {
      site_id: number;
      kind: string;
      title: string;
      summary: string;
      cover_url: string;
      body_html: string;
      sort: number;
      published: number;
      now: number;
    }): Promise<number> {
      const { now, ...rest } = values;
      const row = await db
        .insertInto('cooperation_pages')
        .values({ ...rest, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePage(
      id: number,
      values: {
        kind: string;
        title: string;
        summary: string;
        cover_url: string;
        body_html: string;
        sort: number;
        published: number;
        now: number;
      },
    ): Promise<void> {
      const { now, ...rest } = values;
      await db
        .updateTable('cooperation_pages')
        .set({ ...rest, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Takes the site's other pages out of a group: a page has at most one version per site. */
    async leaveGroup(groupId: number, siteId: number, exceptId: number): Promise<void> {
      await db
        .updateTable('cooperation_pages')
        .set({ lang_group_id: null })
        .where('lang_group_id', '=', groupId)
        .where('site_id', '=', siteId)
        .where('id', '!=', exceptId)
        .execute();
    },

    async setGroup(ids: readonly number[], groupId: number | null): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('cooperation_pages')
        .set({ lang_group_id: groupId })
        .where('id', 'in', [...ids])
        .execute();
    },

    async deletePage(id: number): Promise<boolean> {
      await db.deleteFrom('cooperation_files').where('page_id', '=', id).execute();
      const result = await db.deleteFrom('cooperation_pages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // Files.

    files: (pageIds: readonly number[]) =>
      pageIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('cooperation_files')
            .innerJoin('attachments', 'attachments.id', 'cooperation_files.attachment_id')
            .select([
              'cooperation_files.id',
              'cooperation_files.page_id',
              'cooperation_files.attachment_id',
              'cooperation_files.title',
              'cooperation_files.partner_only',
              'attachments.size',
            ])
            .where('cooperation_files.page_id', 'in', [...pageIds])
            .orderBy('cooperation_files.sort')
            .orderBy('cooperation_files.id')
            .execute(),

    file: (id: number) =>
      db
        .selectFrom('cooperation_files')
        .innerJoin('cooperation_pages', 'cooperation_pages.id', 'cooperation_files.page_id')
        .select([
          'cooperation_files.id',
          'cooperation_files.attachment_id',
          'cooperation_files.partner_only',
          'cooperation_pages.published',
        ])
        .where('cooperation_files.id', '=', id)
        .executeTakeFirst(),

    /**
     * Makes the page's downloads these, in this order, given its `existing` files (as `files` read
     * them). A file that stays keeps its row, so its download address (`/cooperate/file/{id}`)
     * survives an edit of the page.
     */
    async replaceFiles(
      pageId: number,
      existing: ReadonlyArray<{ id: number; attachment_id: number }>,
      files: ReadonlyArray<{ attachment_id: number; title: string; partner_only: boolean }>,
      now: number,
    ): Promise<void> {
      const kept = new Set<number>();
      const inserts: Array<{ attachment_id: number; title: string; partner_only: number; sort: number }> = [];
      for (const [sort, file] of files.entries()) {
        const row = existing.find((r) => r.attachment_id === file.attachment_id && !kept.has(r.id));
        const values = { title: file.title, partner_only: file.partner_only ? 1 : 0, sort };
        if (row) {
          kept.add(row.id);
          await db.updateTable('cooperation_files').set(values).where('id', '=', row.id).execute();
        } else {
          inserts.push({ attachment_id: file.attachment_id, ...values });
        }
      }
      const gone = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
      if (gone.length) await db.deleteFrom('cooperation_files').where('id', 'in', gone).execute();
      if (inserts.length) {
        await db
          .insertInto('cooperation_files')
          .values(inserts.map((f) => ({ page_id: pageId, ...f, created_at: now })))
          .execute();
      }
    },

    /** Of these attachments, those the member uploaded or that are already files of the page. */
    async usableAttachments(ids: readonly number[], ownerId: number, pageId: number | null): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('attachments')
        .select('id')
        .where('id', 'in', [...ids])
        .where((eb) =>
          eb.or([
            eb('owner_id', '=', ownerId),
            ...(pageId === null
              ? []
              : [
                  eb.exists(
                    eb
                      .selectFrom('cooperation_files')
                      .select(sql`1`.as('one'))
                      .whereRef('cooperation_files.attachment_id', '=', 'attachments.id')
                      .where('cooperation_files.page_id', '=', pageId),
                  ),
                ]),
          ]),
        )
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    // Partner companies and members.

    companies(after: KeysetCursor | null, limit: number, listedOnly: boolean) {
      let query = db.selectFrom('partner_companies').select([
        'id',
        'name',
        'website',
        'summary',
        'listed',
        'created_at',
        (eb) =>
          eb
            .selectFrom('partner_members')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('partner_members.company_id', '=', 'partner_companies.id')
            .as('member_count'),
      ]);
      if (listedOnly) query = query.where('listed', '=', 1);
      if (after) query = query.where('id', '<', after.id);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    company: (id: number) =>
      db
        .selectFrom('partner_companies')
        .select([
          'id',
          'name',
          'website',
          'summary',
          'listed',
          'created_at',
          (eb) =>
            eb
              .selectFrom('partner_members')
              .select(sql<number>`count(*)`.as('n'))
              .whereRef('partner_members.company_id', '=', 'partner_companies.id')
              .as('member_count'),
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    companyByName: (name: string) =>
      db
        .selectFrom('partner_companies')
        .select(['id', 'name'])
        .where('name_key', '=', nameKey(name))
        .executeTakeFirst(),

    async insertCompany(values: { name: string; website: string; summary: string; listed: number; now: number }) {
      const row = await db
        .insertInto('partner_companies')
        .values({
          name: values.name,
          name_key: nameKey(values.name),
          website: values.website,
          summary: values.summary,
          listed: values.listed,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCompany(
      id: number,
      values: { name: string; website: string; summary: string; listed: number; now: number },
    ) {
      await db
        .updateTable('partner_companies')
        .set({
          name: values.name,
          name_key: nameKey(values.name),
          website: values.website,
          summary: values.summary,
          listed: values.listed,
          updated_at: values.now,
        })
        .where('id', '=', id)
        .execute();
    },

    members: (companyId: number) =>
      db
        .selectFrom('partner_members')
        .select(['user_id', 'created_at'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute(),

    membershipOf: (userId: number) =>
      db
        .selectFrom('partner_members')
        .innerJoin('partner_companies', 'partner_companies.id', 'partner_members.company_id')
        .select(['partner_members.company_id', 'partner_companies.name'])
        .where('partner_members.user_id', '=', userId)
        .executeTakeFirst(),

    /** Adds the member to the company unless they belong to one already: true when added. */
    async addMember(companyId: number, userId: number, addedBy: number | null, now: number): Promise<boolean> {
      const row = await db
        .insertInto('partner_members')
        .values({ company_id: companyId, user_id: userId, added_by: addedBy, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeMember(companyId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('partner_members')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The enterprise role for every site (once): badge 50 and partner-only downloads. */
    async grantPartnerRole(userId: number, now: number): Promise<void> {
      const held = await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role', '=', PARTNER_ROLE)
        .where('site_id', 'is', null)
        .executeTakeFirst();
      if (!held) {
        await db
          .insertInto('user_roles')
          .values({ user_id: userId, role: PARTNER_ROLE, site_id: null, scope_id: null, created_at: now })
          .execute();
      }
    },

    async revokePartnerRole(userId: number): Promise<void> {
      await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', PARTNER_ROLE).execute();
    },

    async isPartner(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role', '=', PARTNER_ROLE)
        .executeTakeFirst();
      return row !== undefined;
    },

    userExists: (userId: number) =>
      db.selectFrom('users').select(['id', 'nick_name']).where('id', '=', userId).executeTakeFirst(),

    // Applications.

    applicationByUser: (userId: number) =>
      db.selectFrom('cooperation_applications').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    applicationById: (id: number) =>
      db.selectFrom('cooperation_applications').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The member's row, made once: two first saves at once make one row (user_id is unique). */
    async ensureApplication(userId: number, siteId: number, now: number): Promise<void> {
      await db
        .insertInto('cooperation_applications')
        .values({ user_id: userId, site_id: siteId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Writes the fields unless the application is pending: of two submissions at once one wins. */
    async writeUnlessPending(
      userId: number,
      siteId: number,
      fields: StoredApplication,
      next: { status: number; now: number; submitted: boolean },
    ): Promise<number | null> {
      const row = await db
        .updateTable('cooperation_applications')
        .set({
          ...fields,
          site_id: siteId,
          status: next.status,
          updated_at: next.now,
          ...(next.submitted ? { submitted_at: next.now } : {}),
        })
        .where('user_id', '=', userId)
        .where('status', '!=', 10)
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async setApplicationStatus(id: number, status: number, now: number, companyId?: number): Promise<void> {
      await db
        .updateTable('cooperation_applications')
        .set({ status, updated_at: now, ...(companyId === undefined ? {} : { company_id: companyId }) })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type CooperationRepository = ReturnType<typeof cooperationRepository>;
export type CooperationPageRow = NonNullable<Awaited<ReturnType<CooperationRepository['page']>>>;
export type CooperationApplicationRow = NonNullable<Awaited<ReturnType<CooperationRepository['applicationById']>>>;
