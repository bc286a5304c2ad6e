import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { isEventArea } from '@portal/contracts/event-areas';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import { VIEW_TYPE } from '@portal/contracts/event-signups';
import { type AdminEvent, type AdminSignup, type EventInput } from '@portal/contracts/events-admin';
import { siteById, type Site } from '@portal/contracts/sites';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { ActivitiesTable, DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { Clock } from '../../lib/clock';
import type { TopicDirectory } from '../../platform/kit/feature';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { sanitizeRichText } from '../../lib/sanitize';
import { recordAudit } from '../../platform/audit/audit.service';
import { award, takeBack } from '../../platform/points/points.service';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import { maskName } from '../../lib/mask';
import { maskCompany, maskPhone } from './checkin-code';
import { eventsAdminRepository, type EventValues, type SignupRow } from './events-admin.repository';
import { activityState, readFormFields } from './events.service';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type Row = Selectable<ActivitiesTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const eventSource = (id: number) => ({ kind: 'event', id });

function readAnswers(json: string): Record<string, string> {
  try {
    const raw = JSON.parse(json) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function signupView(r: SignupRow): AdminSignup {
  return {
    signup_id: Number(r.id),
    user_id: Number(r.user_id),
    user_nick_name: r.nick_name,
    user_email: r.email ?? '',
    user_mobile: r.mobile ?? '',
    status: Number(r.status),
    answers: readAnswers(r.answers),
    checked_in: r.checked_in_at !== null,
    checkin_time: iso(r.checked_in_at === null ? null : Number(r.checked_in_at)),
    create_time: iso(Number(r.created_at))!,
  };
}

/**
 * The public face of a sign-up: what the event's form asked (name, company, phone), else the
 * member's profile, always masked; never an email, a full phone or a code.
 */
export function maskedSignup(r: SignupRow, fields: ReturnType<typeof readFormFields>) {
  const answers = readAnswers(r.answers);
  const byType = (type: string) => fields.find((f) => f.type === type && answers[f.key])?.key;
  const nameKey = fields.find((f) => f.type === 'text' && /name|姓名/i.test(`${f.key} ${f.label}`))?.key;
  const name = (nameKey && answers[nameKey]) || r.real_name || r.nick_name;
  const companyKey = byType('company');
  const phoneKey = byType('phone');
  return {
    name: maskName(name),
    company: maskCompany((companyKey && answers[companyKey]) || r.company),
    phone: maskPhone((phoneKey && answers[phoneKey]) || ''),
    checked_in: r.checked_in_at !== null,
    create_time: iso(Number(r.created_at))!,
  };
}

/**
 * @param changed called after each committed change to an event (the public list's cache drops its
 * pages, `eventListCache`).
 */
export function eventsAdminService(
  db: Kysely<DB>,
  clock: Clock,
  topics?: TopicDirectory,
  changed: () => void = () => {},
) {
  const repo = eventsAdminRepository(db);

  async function view(executor: Executor, a: Row, now: number): Promise<AdminEvent> {
    const [linked, checked] = await Promise.all([
      a.lang_group_id !== null ? repo.linked(executor, a.lang_group_id, a.id) : [],
      repo.checkedInCounts(executor, [a.id]),
    ]);
    return toView(a, now, checked.get(a.id) ?? 0, linked);
  }

  function toView(a: Row, now: number, checkedIn: number, linked: Array<{ id: number; site_id: number }>): AdminEvent {
    return {
      ta_id: a.id,
      tws_id: a.site_id,
      ta_title: a.title,
      ta_summary: a.summary,
      ta_cover_url: a.cover_url,
      ta_is_online: a.is_online === 1,
      ta_province: a.province,
      ta_city: a.area,
      ta_address: a.address,
      ta_online_url: a.online_url,
      ta_capacity: a.capacity,
      ta_waitlist_enabled: a.waitlist_enabled === 1,
      ta_signup_start_time: iso(Number(a.signup_starts_at))!,
      ta_signup_end_time: iso(Number(a.signup_ends_at))!,
      ta_start_time: iso(Number(a.starts_at))!,
      ta_end_time: iso(Number(a.ends_at))!,
      ta_form_fields: readFormFields(a.form_fields),
      ta_content: a.body_html,
      ta_topic_id: a.topic_id,
      ta_state: activityState(
        {
          signup_starts_at: Number(a.signup_starts_at),
          signup_ends_at: Number(a.signup_ends_at),
          starts_at: Number(a.starts_at),
          ends_at: Number(a.ends_at),
        },
        now,
      ),
      ta_signup_count: a.signup_count,
      ta_waitlist_count: a.waitlist_count,
      ta_checked_in_count: checkedIn,
      linked: linked.map((l) => ({ tws_id: l.site_id, ta_id: l.id })),
      create_time: iso(Number(a.created_at))!,
    };
  }

  async function mustFind(executor: Executor, site: Site, id: number): Promise<Row> {
    const row = await repo.find(executor, site.tws_id, id);
    if (!row) throw ApiError.notFound('events.api.eventNotFound');
    return row;
  }

  /** The stored values of an input on a site: area checked against the site's list, body sanitised. */
  function values(site: Site, input: EventInput, content: string): EventValues {
    const online = input.ta_is_online;
    if (!online && !isEventArea(site.lang, input.ta_province, input.ta_city)) {
      throw invalidField(site.lang, 'ta_city', 'eventsAdmin.rules.areaUnknown');
    }
    return {
      title: input.ta_title,
      summary: input.ta_summary,
      cover_url: input.ta_cover_url,
      body_html: content,
      is_online: online ? 1 : 0,
      province: online ? '' : input.ta_province,
      area: online ? '' : input.ta_city,
      address: online ? '' : input.ta_address,
      online_url: online ? input.ta_online_url : '',
      capacity: input.ta_capacity,
      waitlist_enabled: input.ta_waitlist_enabled ? 1 : 0,
      signup_starts_at: Date.parse(input.ta_signup_start_time),
      signup_ends_at: Date.parse(input.ta_signup_end_time),
      starts_at: Date.parse(input.ta_start_time),
      ends_at: Date.parse(input.ta_end_time),
      form_fields: JSON.stringify(
        input.ta_form_fields.map((f) => ({ ...f, options: f.type === 'choice' ? f.options : [] })),
      ),
      topic_id: input.ta_topic_id,
    };
  }

  /**
   * The topic must be one of the site's and open; an event may keep the archived topic it already
   * names (its page stays), but not be moved to one.
   */
  async function checkTopic(executor: Executor, site: Site, topicId: number | null, current: number | null = null) {
    if (topicId === null || topicId === current) return;
    const topic = topics ? await topics.find(executor, site.tws_id, topicId) : undefined;
    if (!topic || topic.archived) throw invalidField(site.lang, 'ta_topic_id', 'eventsAdmin.rules.topicUnknown');
  }

  /** The cover must be an image upload that exists (by its id and key), or a demo picture. */
  async function checkCover(executor: Executor, url: string): Promise<void> {
    const ref = attachmentsAddressedIn(url)[0];
    if (!ref) return;
    if (!(await repo.imageAttachment(executor, ref.id, ref.key)))
      throw ApiError.refused('eventsAdmin.api.coverMissing');
  }

  async function link(executor: Executor, cover: string, content: string, now: number) {
    await linkAttachments(executor as Kysely<DB>, { refs: attachmentsAddressedIn(`${cover} ${content}`) }, now);
  }

  return {
    async list(site: Site, q: { keyword?: string; cursor?: string; limit: number }) {
      const now = clock.now();
      const rows = await repo.list(site.tws_id, {
        keyword: q.keyword,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const checked = await repo.checkedInCounts(
        db,
        page.map((r) => r.id),
      );
      const last = page[page.length - 1];
      return {
        list: page.map((a) => toView(a, now, checked.get(a.id) ?? 0, [])),
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: Number(last.starts_at), id: last.id }) : null,
      };
    },

    /** The site's open topics for the editor's select. */
    async topicOptions(site: Site) {
      const rows = topics ? await topics.list(db, site.tws_id, 500) : [];
      return { list: rows.map((t) => ({ tt_id: t.id, tt_title: t.title })) };
    },

    async get(site: Site, id: number): Promise<AdminEvent> {
      return view(db, await mustFind(db, site, id), clock.now());
    },

    /**
     * Creates the event, and a linked copy on each other site named (same group id, the first
     * version's; an area that is not of the other site's list is left for its staff to choose: the
     * copy is made online-less offline with its area empty only when the pair is unknown there).
     */
    async create(site: Site, actorId: number, input: EventInput & { other_lang: number[] }, request: Request) {
      const others = [...new Set(input.other_lang)].filter((id) => id !== site.tws_id);
      for (const id of others)
        if (!siteById(id)) throw invalidField(site.lang, 'other_lang', 'eventsAdmin.rules.otherLang');
      const content = sanitizeRichText(input.ta_content);
      const stored = values(site, input, content);
      const created = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        await checkCover(trx, input.ta_cover_url);
        await checkTopic(trx, site, input.ta_topic_id);
        // A topic is of one site: the linked versions are attached on their own site by its staff.
        const id = await repo.insert(trx, site.tws_id, stored, now);
        const linked: Array<{ tws_id: number; ta_id: number }> = [];
        if (others.length) {
          await repo.update(trx, id, { lang_group_id: id });
          for (const otherId of others) {
            const other = siteById(otherId)!;
            const known = stored.is_online === 1 || isEventArea(other.lang, stored.province ?? '', stored.area ?? '');
            const copy = await repo.insert(
              trx,
              other.tws_id,
              { ...stored, topic_id: null, lang_group_id: id, ...(known ? {} : { province: '', area: '' }) },
              now,
            );
            linked.push({ tws_id: other.tws_id, ta_id: copy });
          }
        }
        await link(trx, stored.cover_url ?? '', content, now);
        const after = await view(trx, (await repo.find(trx, site.tws_id, id))!, now);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'event.create',
          targetKind: 'event',
          targetId: id,
          after: { ...after, ta_content: undefined, content_length: content.length },
          request,
          now,
        });
        return { ta_id: id, linked };
      });
      changed();
      return created;
    },

    async update(site: Site, actorId: number, input: EventInput & { ta_id: number }, request: Request) {
      const content = sanitizeRichText(input.ta_content);
      const stored = values(site, input, content);
      const updated = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await mustFind(trx, site, input.ta_id);
        if (stored.capacity !== 0 && (stored.capacity ?? 0) < row.signup_count) {
          throw invalidField(site.lang, 'ta_capacity', 'eventsAdmin.rules.capacityBelowSeats', { n: row.signup_count });
        }
        if (input.ta_cover_url !== row.cover_url) await checkCover(trx, input.ta_cover_url);
        await checkTopic(trx, site, input.ta_topic_id, row.topic_id);
        const before = await view(trx, row, now);
        await repo.update(trx, row.id, { ...stored, updated_at: now });
        await link(trx, stored.cover_url ?? '', content, now);
        const after = await view(trx, (await repo.find(trx, site.tws_id, row.id))!, now);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'event.update',
          targetKind: 'event',
          targetId: row.id,
          before: { ...before, ta_content: undefined },
          after: { ...after, ta_content: undefined, content_length: content.length },
          request,
          now,
        });
        return after;
      });
      changed();
      return updated;
    },

    async signups(
      site: Site,
      q: { ta_id: number; view_type: number; keyword?: string; cursor?: string; limit: number },
    ) {
      const a = await mustFind(db, site, q.ta_id);
      const rows = await repo.signups(db, {
        activityId: a.id,
        status: q.view_type === VIEW_TYPE.waitlist ? SIGNUP_STATUS.waiting : SIGNUP_STATUS.signedUp,
        keyword: q.keyword,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        list: page.map(signupView),
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.created_at), id: Number(last.id) }) : null,
      };
    },

    /** By code or id; twice changes nothing; points once, in the same transaction; audited. */
    async checkIn(
      site: Site,
      actorId: number,
      body: { ta_id: number; code?: string; signup_id?: number },
      request: Request,
    ) {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const a = await mustFind(trx, site, body.ta_id);
        const found = await repo.signup(
          trx,
          a.id,
          body.code !== undefined ? { code: body.code } : { id: body.signup_id! },
        );
        if (!found) {
          throw ApiError.notFound(
            body.code !== undefined ? 'eventsAdmin.api.codeNotFound' : 'eventsAdmin.api.signupNotFound',
          );
        }
        if (Number(found.status) !== SIGNUP_STATUS.signedUp) throw ApiError.refused('eventsAdmin.api.notSeated');
        if (!(await repo.checkIn(trx, Number(found.id), actorId, now))) {
          return { signup: signupView(found), already: true, points: 0 };
        }
        const points = await award(trx, {
          userId: Number(found.user_id),
          siteId: site.tws_id,
          rule: 'event_attended',
          source: eventSource(a.id),
          now,
        });
        const signup = signupView((await repo.signup(trx, a.id, { id: Number(found.id) }))!);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'event.checkIn',
          targetKind: 'event_signup',
          targetId: signup.signup_id,
          after: { ta_id: a.id, user_id: signup.user_id, by: body.code !== undefined ? 'code' : 'list', points },
          request,
          now,
        });
        return { signup, already: false, points };
      });
    },

    async undoCheckIn(site: Site, actorId: number, body: { ta_id: number; signup_id: number }, request: Request) {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const a = await mustFind(trx, site, body.ta_id);
        const found = await repo.signup(trx, a.id, { id: body.signup_id });
        if (!found) throw ApiError.notFound('eventsAdmin.api.signupNotFound');
        if (!(await repo.undoCheckIn(trx, Number(found.id), now)))
          throw ApiError.refused('eventsAdmin.api.notCheckedIn');
        const points = await takeBack(trx, {
          userId: Number(found.user_id),
          siteId: site.tws_id,
          rule: 'event_attended',
          source: eventSource(a.id),
          now,
        });
        const signup = signupView((await repo.signup(trx, a.id, { id: Number(found.id) }))!);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'event.undoCheckIn',
          targetKind: 'event_signup',
          targetId: signup.signup_id,
          before: { ta_id: a.id, user_id: signup.user_id, checked_in_at: iso(Number(found.checked_in_at)) },
          after: { points_taken_back: points },
          request,
          now,
        });
        return { signup };
      });
    },

    /** The member's code for an event they hold a seat at, with a QR code drawn here (no browser library). */
    async checkinCode(site: Site, userId: number, id: number) {
      await mustFind(db, site, id);
      const seat = await repo.seated(id, userId);
      if (!seat || !seat.checkin_code) throw ApiError.refused('eventsAdmin.api.noCheckinCode');
      // Loaded on the first code asked for, not at start (memory the process would hold for nothing).
      const { default: QRCode } = await import('qrcode');
      const qr_svg = await QRCode.toString(seat.checkin_code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { code: seat.checkin_code, qr_svg, checked_in: seat.checked_in_at !== null };
    },

    async publicList(site: Site, q: { ta_id: number; view_type: number; cursor?: string; limit: number }) {
      const a = await mustFind(db, site, q.ta_id);
      const fields = readFormFields(a.form_fields);
      const rows = await repo.signups(db, {
        activityId: a.id,
        status: q.view_type === VIEW_TYPE.waitlist ? SIGNUP_STATUS.waiting : SIGNUP_STATUS.signedUp,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        ta_title: a.title,
        ta_signup_count: a.signup_count,
        ta_waitlist_count: a.waitlist_count,
        list: page.map((r) => maskedSignup(r, fields)),
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.created_at), id: Number(last.id) }) : null,
      };
    },

    /** The event an export is of, with its form (its labels head the answer columns). */
    async exportHead(site: Site, id: number) {
      const a = await mustFind(db, site, id);
      return { title: a.title, fields: readFormFields(a.form_fields) };
    },

    /** The rows of an export, a page at a time, so the workbook is written while it is read. */
    async *exportRows(id: number, viewType: number, maxRows: number): AsyncGenerator<AdminSignup> {
      const status = viewType === VIEW_TYPE.waitlist ? SIGNUP_STATUS.waiting : SIGNUP_STATUS.signedUp;
      let after: { at: number; id: number } | null = null;
      let sent = 0;
      while (sent < maxRows) {
        const want = Math.min(500, maxRows - sent);
        const rows = await repo.signups(db, { activityId: id, status, after, limit: want });
        for (const r of rows) yield signupView(r);
        sent += rows.length;
        const last = rows[rows.length - 1];
        if (!last || rows.length < want) break;
        after = { at: Number(last.created_at), id: Number(last.id) };
      }
    },

    async auditExport(site: Site, actorId: number, id: number, viewType: number, request: Request) {
      await recordAudit(db, {
        actorId,
        siteId: site.tws_id,
        action: 'event.exportSignups',
        targetKind: 'event',
        targetId: id,
        after: { view_type: viewType },
        request,
        now: clock.now(),
      });
    },
  };
}
