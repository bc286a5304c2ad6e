import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { ACTIVITY_STATE, PAGE_SIZE } from '@portal/contracts/constants';
import {
  EVENT_FIELD_TYPES,
  PHONE_PATTERN,
  SIGNUP_STATUS,
  type ActivityCard,
  type ActivityDetail,
  type EventFormField,
  type EventQuestion,
  type EventScheduleItem,
  activityIndex,
} from '@portal/contracts/events';
import type { CallData } from '@portal/contracts/call';
import type { MyFavouriteEvent, MySignupGroup, MySignupRow } from '@portal/contracts/events-mine';
import type { ActivitySummary } from '@portal/contracts/home';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { SITES, siteById, type Site } from '@portal/contracts/sites';
import { dateInZone, formatTime, monthRangeInZone, viewerTimeZone } from '@portal/contracts/time';
import type { UserBrief } from '@portal/contracts/home';
import type { ActivitiesTable, DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import type { TopicDirectory } from '../../platform/kit/feature';
import { translate } from '../../lib/i18n';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { microCache, type MicroCache } from '../../lib/micro-cache';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { notify } from '../../platform/messages/messages.service';
import { award, takeBack } from '../../platform/points/points.service';
import { newCheckinCode } from './checkin-code';
import { eventsRepository, isUniqueViolation, type CardColumn } from './events.repository';
import { questionnairesRepository } from './questionnaires.repository';

const iso = (ms: number) => new Date(Number(ms)).toISOString();
type Row = Selectable<ActivitiesTable>;
/** What a card of the list shows (`CARD_COLUMNS` of the repository). */
type CardRow = Pick<Row, CardColumn>;

/** Event state is derived from time, never stored (decisions.md, Events). */
export function activityState(
  a: Pick<Selectable<ActivitiesTable>, 'signup_starts_at' | 'signup_ends_at' | 'starts_at' | 'ends_at'>,
  now: number,
): number {
  if (now >= a.ends_at) return ACTIVITY_STATE.ended;
  if (now >= a.starts_at) return ACTIVITY_STATE.inProgress;
  if (now >= a.signup_starts_at && now < a.signup_ends_at) return ACTIVITY_STATE.registering;
  return ACTIVITY_STATE.notStarted;
}

/** The form fields stored on an event, read defensively (the back office writes them). */
export function readFormFields(json: string): EventFormField[] {
  try {
    const raw = JSON.parse(json) as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((f: Partial<EventFormField>) =>
      f && typeof f.key === 'string' && EVENT_FIELD_TYPES.includes(f.type as never) && typeof f.label === 'string'
        ? [
            {
              key: f.key,
              type: f.type!,
              label: f.label,
              required: f.required === true,
              options: Array.isArray(f.options) ? f.options.filter((o) => typeof o === 'string') : [],
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

function readSchedule(json: string): EventScheduleItem[] {
  try {
    const raw = JSON.parse(json) as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((s: { at?: unknown; title?: unknown }) =>
      s && typeof s.at === 'number' && typeof s.title === 'string' ? [{ time: iso(s.at), title: s.title }] : [],
    );
  } catch {
    return [];
  }
}

/**
 * The answers to an event's own sign-up form, checked on the server: a required field answered, a
 * phone that looks like one, a choice among the options, no field the event does not have. Answers
 * the cleaned answers; a wrong one is a 400 naming `form.<key>`.
 */
export function checkAnswers(
  site: Site,
  fields: EventFormField[],
  form: Record<string, string>,
): Record<string, string> {
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(form))
    if (!known.has(key)) throw invalidField(site.lang, `form.${key}`, 'events.rules.fieldUnknown');
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const value = (form[field.key] ?? '').trim();
    if (value === '') {
      if (field.required)
        throw invalidField(site.lang, `form.${field.key}`, 'events.rules.fieldRequired', { label: field.label });
      continue;
    }
    if (field.type === 'phone' && !PHONE_PATTERN.test(value))
      throw invalidField(site.lang, `form.${field.key}`, 'events.rules.fieldPhone');
    if (field.type === 'choice' && !field.options.includes(value)) {
      throw invalidField(site.lang, `form.${field.key}`, 'events.rules.fieldChoice', { label: field.label });
    }
    answers[field.key] = value;
  }
  return answers;
}

/** A page of the events list, as `/api/activity/index` answers it. */
export type EventListPage = CallData<typeof activityIndex>;

/** How long a page of the events list is kept: in this process until the next write, in others at most this long. */
export const EVENT_LIST_CACHE_MS = 1000;

/** The events list's recent pages (`lib/micro-cache.ts`), which every write to an event or a sign-up clears. */
export type EventListCache = MicroCache<EventListPage>;

/**
 * Pages of the events list kept for `ttlMs` (one process's cache; the events feature makes one for its
 * calls and the back office's). The first page is what most visitors ask for, many at once.
 */
export function eventListCache(clock: Clock, ttlMs: number): EventListCache {
  return microCache<EventListPage>({ ttlMs, maxEntries: 200, now: () => clock.now() });
}

/** The first moment after `now` when one of these events changes state (a sign-up window opens or closes, it starts or ends). */
function nextStateChange(
  events: Pick<Row, 'signup_starts_at' | 'signup_ends_at' | 'starts_at' | 'ends_at'>[],
  now: number,
): number {
  let next = Infinity;
  for (const a of events) {
    for (const at of [a.signup_starts_at, a.signup_ends_at, a.starts_at, a.ends_at]) {
      const ms = Number(at);
      if (ms > now && ms < next) next = ms;
    }
  }
  return next;
}

const blankBrief = (id: number): UserBrief => ({
  user_id: id,
  user_nick_name: '',
  user_avatar_att_url: '',
  user_points_level: 1,
  user_logo_arr: [],
  user_medal: 0,
});

export interface ListFilters {
  province?: string;
  city?: string;
  is_online?: 0 | 1;
  state?: number;
  month?: string;
  tt_id?: number;
  cursor?: string;
  limit?: number;
}

/**
 * @param topics the topics events attach to (the topics feature's directory; decision 030), none
 * when the portal runs without topics: a topic filter then names no topic.
 */
export function eventsService(
  db: Kysely<DB>,
  clock: Clock,
  topics?: TopicDirectory,
  listCache: EventListCache = eventListCache(clock, 0),
) {
  const repo = eventsRepository(db);
  const questionnaires = questionnairesRepository(db);

  function summary(
    a: Omit<CardRow, 'summary' | 'province' | 'area' | 'waitlist_enabled'>,
    now: number,
  ): ActivitySummary {
    return {
      ta_id: a.id,
      ta_title: a.title,
      ta_cover_url: a.cover_url,
      ta_is_online: a.is_online === 1,
      ta_address: a.address,
      ta_start_time: iso(a.starts_at),
      ta_end_time: iso(a.ends_at),
      ta_signup_start_time: iso(a.signup_starts_at),
      ta_signup_end_time: iso(a.signup_ends_at),
      ta_state: activityState(a, now),
      ta_signup_count: a.signup_count,
      ta_capacity: a.capacity,
    };
  }

  function card(a: CardRow, now: number): ActivityCard {
    return {
      ...summary(a, now),
      ta_summary: a.summary,
      ta_province: a.province,
      ta_city: a.area,
      ta_waitlist_enabled: a.waitlist_enabled === 1,
    };
  }

  async function mustFind(site: Site, id: number, executor: Parameters<typeof repo.find>[0] = db) {
    const row = await repo.find(executor, site.tws_id, id);
    if (!row) throw ApiError.notFound('events.api.eventNotFound');
    return row;
  }

  const eventSource = (id: number) => ({ kind: 'event', id });

  return {
    /** The latest events of a site, for the home page's block. */
    async latest(site: Site, limit: number): Promise<ActivitySummary[]> {
      const now = clock.now();
      const rows = await repo.latest(site.tws_id, limit);
      return rows.map((a) => summary(a, now));
    },

    async list(site: Site, f: ListFilters, timeZone: string | null): Promise<EventListPage> {
      const limit = f.limit ?? PAGE_SIZE;
      const range = f.month ? monthRangeInZone(f.month, viewerTimeZone(timeZone, site.lang)) : undefined;
      const { province, city, is_online, state, tt_id, cursor } = f;
      const key = JSON.stringify([site.tws_id, province, city, is_online, state, tt_id, cursor, limit, range]);
      return listCache.get(key, async () => {
        const now = clock.now();
        const topic = tt_id !== undefined && topics ? await topics.find(db, site.tws_id, tt_id) : undefined;
        if (tt_id !== undefined && !topic) throw ApiError.notFound('events.api.topicNotFound');
        const rows = await repo.list({
          siteId: site.tws_id,
          province,
          city,
          isOnline: is_online,
          state,
          topicId: tt_id,
          range,
          now,
          after: decodeCursor(cursor),
          limit: limit + 1,
        });
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          value: {
            list: page.map((a) => card(a, now)),
            next_cursor: rows.length > limit && last ? encodeCursor({ at: Number(last.starts_at), id: last.id }) : null,
            topic: topic ? { tt_id: topic.id, tt_title: topic.title, tt_cover_url: topic.cover_url } : null,
          },
          // The cards' states hold until the first of their events reaches its next moment.
          until: nextStateChange(page, now),
        };
      });
    },

    /** The member's sign-ups of one group on the site (personal centre, decision 030). */
    async mySignups(
      site: Site,
      userId: number,
      q: { group: MySignupGroup; cursor?: string; limit: number },
    ): Promise<{ list: MySignupRow[]; next_cursor: string | null }> {
      const now = clock.now();
      const rows = await repo.mySignups({
        siteId: site.tws_id,
        userId,
        group: q.group,
        now,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const list = await Promise.all(
        page.map(async (r): Promise<MySignupRow> => {
          const waiting = r.signup_status === SIGNUP_STATUS.waiting;
          return {
            ...card(r, now),
            signup_id: r.signup_id,
            status: r.signup_status,
            waitlist_position: waiting
              ? await repo.waitlistPosition(db, r.id, { id: r.signup_id, created_at: Number(r.signup_created_at) })
              : null,
            checked_in: r.signup_checked_in_at !== null,
            ta_online_url: !waiting && r.is_online === 1 ? r.online_url : null,
            signup_time: iso(Number(r.signup_created_at)),
          };
        }),
      );
      const last = page[page.length - 1];
      return {
        list,
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.starts_at), id: last.signup_id }) : null,
      };
    },

    /** The member's favourite events on the site, latest favourite first (personal centre, decision 030). */
    async myFavourites(
      site: Site,
      userId: number,
      q: { cursor?: string; limit: number },
    ): Promise<{ list: MyFavouriteEvent[]; next_cursor: string | null }> {
      const now = clock.now();
      const rows = await repo.myFavourites({
        siteId: site.tws_id,
        userId,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        list: page.map((r) => ({ ...card(r, now), favourite_time: iso(Number(r.favourite_created_at)) })),
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.favourite_created_at), id: last.id }) : null,
      };
    },

    commonData(site: Site) {
      const t = (key: string) => translate(site.lang, key);
      return {
        states: Object.values(ACTIVITY_STATE).map((value) => ({ value, label: t(`activityState.${value}`) })),
        types: [
          { value: 1, label: t('events.ui.online') },
          { value: 0, label: t('events.ui.offline') },
        ],
        page_size: PAGE_SIZE,
      };
    },

    async areas(site: Site) {
      const rows = await repo.areas(site.tws_id);
      const list: Array<{ province: string; count: number; cities: Array<{ city: string; count: number }> }> = [];
      for (const r of rows) {
        let p = list[list.length - 1];
        if (!p || p.province !== r.province) {
          p = { province: r.province, count: 0, cities: [] };
          list.push(p);
        }
        p.count += Number(r.n);
        if (r.area) p.cities.push({ city: r.area, count: Number(r.n) });
      }
      return { list };
    },

    async calendar(
      site: Site,
      f: { month: string; province?: string; city?: string; is_online?: 0 | 1 },
      timeZone: string | null,
    ) {
      const zone = viewerTimeZone(timeZone, site.lang);
      const { from, to } = monthRangeInZone(f.month, zone);
      const spans = await repo.spans({
        siteId: site.tws_id,
        province: f.province,
        city: f.city,
        isOnline: f.is_online,
        from,
        to,
      });
      const days = new Map<string, number>();
      for (const s of spans) {
        // Every day of the month the event touches, as the viewer's clock names it.
        const seen = new Set<string>();
        const end = Math.min(Number(s.ends_at) - 1, to - 1);
        for (let t = Math.max(Number(s.starts_at), from); t <= end; t += 3_600_000) seen.add(dateInZone(t, zone));
        seen.add(dateInZone(end, zone));
        for (const day of seen) if (day.startsWith(f.month)) days.set(day, (days.get(day) ?? 0) + 1);
      }
      return {
        month: f.month,
        days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count })),
      };
    },

    async info(site: Site, id: number, viewer: SignedInMember | null): Promise<ActivityDetail> {
      const now = clock.now();
      const a = await mustFind(site, id);
      const [mine, liked, favourited, linked, hasQuestionnaire] = await Promise.all([
        viewer ? repo.liveSignup(db, a.id, viewer.id) : undefined,
        viewer ? repo.isPaired('activity_likes', a.id, viewer.id) : false,
        viewer ? repo.isPaired('activity_favourites', a.id, viewer.id) : false,
        a.lang_group_id !== null ? repo.linked(a.lang_group_id, a.id) : [],
        questionnaires.exists('event', a.id),
      ]);
      const position =
        mine && mine.status === SIGNUP_STATUS.waiting
          ? await repo.waitlistPosition(db, a.id, { id: mine.id, created_at: Number(mine.created_at) })
          : null;
      return {
        ...card(a, now),
        tws_id: a.site_id,
        ta_content: a.body_html,
        ta_schedule: readSchedule(a.schedule),
        ta_form_fields: readFormFields(a.form_fields),
        ta_online_url: a.is_online === 1 && mine?.status === SIGNUP_STATUS.signedUp ? a.online_url : null,
        ta_waitlist_count: a.waitlist_count,
        like_count: a.like_count,
        favourite_count: a.favourite_count,
        question_count: a.question_count,
        is_liked: liked,
        is_favourited: favourited,
        my_signup: mine
          ? { status: mine.status, waitlist_position: position, create_time: iso(Number(mine.created_at)) }
          : null,
        can_moderate: viewer !== null && holdsPermission(viewer, PERMISSIONS.eventManage),
        has_questionnaire: hasQuestionnaire,
        linked: linked.flatMap((l) => {
          const s = siteById(l.site_id);
          return s ? [{ tws_id: s.tws_id, ta_id: l.id, lang: s.lang }] : [];
        }),
      };
    },

    async toggleLike(site: Site, userId: number, id: number) {
      await mustFind(site, id);
      return db.transaction().execute(async (trx) => {
        const on = await repo.togglePair(trx, 'activity_likes', id, userId, clock.now());
        await repo.bump(trx, id, { likes: on ? 1 : -1 });
        return { is_liked: on, like_count: (await repo.counts(trx, id)).like_count };
      });
    },

    async toggleFavourite(site: Site, userId: number, id: number) {
      await mustFind(site, id);
      return db.transaction().execute(async (trx) => {
        const on = await repo.togglePair(trx, 'activity_favourites', id, userId, clock.now());
        await repo.bump(trx, id, { favourites: on ? 1 : -1 });
        return { is_favourited: on, favourite_count: (await repo.counts(trx, id)).favourite_count };
      });
    },

    /**
     * Signs a member up: inside one transaction, the window is checked, the answers are checked
     * against the event's own fields, a seat is taken by a conditional update (or, when full and the
     * member asked for it, a place on the waitlist), and the sign-up row is written; the partial
     * unique index on live sign-ups stops a second one even when two presses race.
     */
    async signUp(
      site: Site,
      userId: number,
      body: { ta_id: number; form: Record<string, string>; join_waitlist: boolean },
      timeZone: string | null,
    ) {
      const now = clock.now();
      const first = await mustFind(site, body.ta_id);
      if (now < first.signup_starts_at) {
        throw ApiError.refused('events.api.signupNotOpen', {
          date: formatTime(Number(first.signup_starts_at), site.lang, { timeZone }),
        });
      }
      if (now >= first.signup_ends_at || now >= first.starts_at) throw ApiError.refused('events.api.signupClosed');
      const answers = JSON.stringify(checkAnswers(site, readFormFields(first.form_fields), body.form));
      try {
        const result = await db.transaction().execute(async (trx) => {
          const live = await repo.liveSignup(trx, first.id, userId);
          if (live) {
            throw ApiError.refused(
              live.status === SIGNUP_STATUS.waiting ? 'events.api.alreadyWaiting' : 'events.api.alreadySignedUp',
            );
          }
          let status: number = SIGNUP_STATUS.signedUp;
          if (!(await repo.takeSeat(trx, first.id))) {
            if (first.waitlist_enabled !== 1)
              throw ApiError.refused('events.api.full', {}, { full: true, waitlist: false });
            if (!body.join_waitlist)
              throw ApiError.refused('events.api.fullWaitlist', {}, { full: true, waitlist: true });
            status = SIGNUP_STATUS.waiting;
            await repo.bump(trx, first.id, { waiting: 1 });
          }
          const row = await repo.insertSignup(trx, {
            activityId: first.id,
            userId,
            status,
            answers,
            now,
            code: newCheckinCode(),
          });
          if (status === SIGNUP_STATUS.signedUp) {
            await award(trx, { userId, siteId: site.tws_id, rule: 'event_signup', source: eventSource(first.id), now });
          }
          const counts = await repo.counts(trx, first.id);
          const position =
            status === SIGNUP_STATUS.waiting
              ? await repo.waitlistPosition(trx, first.id, { id: Number(row.id), created_at: now })
              : null;
          return {
            status,
            waitlist_position: position,
            ta_signup_count: counts.signup_count,
            ta_waitlist_count: counts.waitlist_count,
          };
        });
        listCache.clear();
        return result;
      } catch (err) {
        // Two presses of one member that raced past the check above: the index let one through.
        if (isUniqueViolation(err)) throw ApiError.refused('events.api.alreadySignedUp');
        throw err;
      }
    },

    /**
     * Cancels a member's sign-up or place on the waitlist until the event starts. A freed seat goes
     * to the first member waiting (conditional updates, so two cancellations never promote one member
     * twice or give one seat to two), who is told by an in-site message; sign-up points follow.
     */
    async cancelSignUp(site: Site, userId: number, id: number) {
      const now = clock.now();
      const a = await mustFind(site, id);
      if (now >= a.starts_at) throw ApiError.refused('events.api.cancelTooLate');
      const result = await db.transaction().execute(async (trx) => {
        const live = await repo.liveSignup(trx, a.id, userId);
        if (!live || !(await repo.moveSignup(trx, live.id, live.status, SIGNUP_STATUS.cancelled, now))) {
          throw ApiError.refused('events.api.notSignedUp');
        }
        if (live.status === SIGNUP_STATUS.waiting) {
          await repo.bump(trx, a.id, { waiting: -1 });
        } else {
          await repo.bump(trx, a.id, { seats: -1 });
          await takeBack(trx, { userId, siteId: site.tws_id, rule: 'event_signup', source: eventSource(a.id), now });
          // Checked in early (organisers may check in before the start): attendance goes with the seat.
          await takeBack(trx, { userId, siteId: site.tws_id, rule: 'event_attended', source: eventSource(a.id), now });
          if (a.waitlist_enabled === 1) {
            for (let attempt = 0; attempt < 5; attempt++) {
              const next = await repo.firstWaiting(trx, a.id);
              if (!next || !(await repo.takeSeat(trx, a.id))) break;
              if (await repo.moveSignup(trx, next.id, SIGNUP_STATUS.waiting, SIGNUP_STATUS.signedUp, now)) {
                await repo.bump(trx, a.id, { waiting: -1 });
                await award(trx, {
                  userId: next.user_id,
                  siteId: site.tws_id,
                  rule: 'event_signup',
                  source: eventSource(a.id),
                  now,
                });
                const prefix = SITES.find((s) => s.tws_id === site.tws_id)?.prefix ?? 'cn';
                await notify(trx, next.user_id, {
                  kind: 'event_waitlist_promoted',
                  params: { title: a.title },
                  url: `/${prefix}/activity/info/${a.id}`,
                  siteId: site.tws_id,
                });
                break;
              }
              // Someone else promoted that member meanwhile: give the seat back and look again.
              await repo.bump(trx, a.id, { seats: -1 });
            }
          }
        }
        const counts = await repo.counts(trx, a.id);
        return { ta_signup_count: counts.signup_count, ta_waitlist_count: counts.waitlist_count };
      });
      listCache.clear();
      return result;
    },

    async questions(
      site: Site,
      body: { ta_id: number; cursor?: string; limit?: number },
      viewer: SignedInMember | null,
    ) {
      await mustFind(site, body.ta_id);
      const limit = body.limit ?? PAGE_SIZE;
      const rows = await repo.questions(body.ta_id, decodeCursor(body.cursor), limit + 1);
      const page = rows.slice(0, limit);
      const [briefs, liked] = await Promise.all([
        memberBriefs(
          db,
          page.map((r) => r.user_id),
          site.tws_id,
        ),
        viewer
          ? repo.likedQuestions(
              viewer.id,
              page.map((r) => r.id),
            )
          : [],
      ]);
      const likedIds = new Set(liked.map((l) => l.question_id));
      const last = page[page.length - 1];
      return {
        list: page.map(
          (r): EventQuestion => ({
            taq_id: r.id,
            ta_id: r.activity_id,
            taq_content: r.content,
            author: briefs.get(r.user_id) ?? blankBrief(r.user_id),
            like_count: r.like_count,
            is_liked: likedIds.has(r.id),
            is_mine: viewer?.id === r.user_id,
            create_time: iso(Number(r.created_at)),
          }),
        ),
        next_cursor: rows.length > limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },

    async ask(site: Site, userId: number, body: { ta_id: number; taq_content: string }): Promise<EventQuestion> {
      const now = clock.now();
      await mustFind(site, body.ta_id);
      const id = await db.transaction().execute(async (trx) => {
        const row = await repo.insertQuestion(trx, { activityId: body.ta_id, userId, content: body.taq_content, now });
        await repo.bump(trx, body.ta_id, { questions: 1 });
        return Number(row.id);
      });
      const briefs = await memberBriefs(db, [userId], site.tws_id);
      return {
        taq_id: id,
        ta_id: body.ta_id,
        taq_content: body.taq_content,
        author: briefs.get(userId) ?? blankBrief(userId),
        like_count: 0,
        is_liked: false,
        is_mine: true,
        create_time: iso(now),
      };
    },

    async toggleQuestionLike(site: Site, userId: number, id: number) {
      const q = await repo.question(db, id);
      if (!q || q.site_id !== site.tws_id) throw ApiError.notFound('events.api.questionNotFound');
      return db.transaction().execute(async (trx) => {
        const on = await repo.togglePair(trx, 'activity_question_likes', id, userId, clock.now());
        const like_count = await repo.bumpQuestionLikes(trx, id, on ? 1 : -1);
        return { is_liked: on, like_count };
      });
    },

    /** One's own question; staff holding event.manage on the site delete any, with an audit row. */
    async deleteQuestion(site: Site, user: SignedInMember, id: number, request: Pick<FastifyRequest, 'ip' | 'id'>) {
      const now = clock.now();
      const q = await repo.question(db, id);
      if (!q || q.site_id !== site.tws_id) throw ApiError.notFound('events.api.questionNotFound');
      const own = q.user_id === user.id;
      if (!own && !holdsPermission(user, PERMISSIONS.eventManage))
        throw ApiError.forbidden('events.api.notYourQuestion');
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteQuestion(trx, id, now))) throw ApiError.notFound('events.api.questionNotFound');
        await repo.bump(trx, q.activity_id, { questions: -1 });
        if (!own) {
          await recordAudit(trx, {
            actorId: user.id,
            siteId: site.tws_id,
            action: 'event.deleteQuestion',
            targetKind: 'event_question',
            targetId: id,
            before: { ta_id: q.activity_id, user_id: q.user_id, content: q.content },
            request,
            now,
          });
        }
      });
    },
  };
}
