import { ARTICLE_SOURCE, EXPERT_FLAG, IS_EDIT, REVIEW_STATUS } from '@portal/contracts/constants';
import { POINT_RULE, POINT_RULE_DEFAULTS } from '@portal/contracts/points';
import { SITES, type Site } from '@portal/contracts/sites';
import type { Insertable } from 'kysely';
import type {
  ActivitiesTable,
  CooperationPagesTable,
  DictionariesTable,
  JournalsTable,
  PagesTable,
  PostsTable,
  SiteSettingsTable,
  TopicArticlesTable,
  TopicsTable,
  UsersTable,
} from '../db/schema';
import { hotScore } from '../features/discussions/hot-score';
import { DEMO_THREADS } from './demo-comments';
import { enTexts } from './demo-text-en';
import { renderBlocks, type Block, type EventText, type RoleCode, type SiteTexts } from './demo-text';
import { legalPageRows } from './legal-pages';
import { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
import { zhTexts } from './demo-text-zh';
import { seededRandom } from './seeded-random';

/**
 * Demo content for both sites as rows ready to insert, every time derived from `now` so the portal
 * looks alive whenever it is seeded. Rows refer to each other by key (member key, dictionary label,
 * list index); `seed-demo.ts` turns those into ids as the rows get inserted.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const DEMO_RULES = [
  POINT_RULE.dailySignIn,
  POINT_RULE.postPublished,
  POINT_RULE.topicArticleApproved,
  POINT_RULE.comment,
  POINT_RULE.answerAccepted,
  POINT_RULE.eventSignUp,
] as const;
export type PointRule = (typeof DEMO_RULES)[number];
/** The points rules the demo ledger uses, at decisions.md's default amounts (the rules table's start). */
export const POINT_RULES = Object.fromEntries(
  DEMO_RULES.map((rule) => [rule, POINT_RULE_DEFAULTS[rule].amount]),
) as Readonly<Record<PointRule, number>>;

export const POST_TYPE = { discussion: 10, question: 20 } as const;

/** Marker row written last in the seeding transaction; its presence means "already seeded". */
export const DEMO_MARKER = { site_id: 0, key: 'demo_seeded' } as const;

const TEXTS: Record<Site['lang'], SiteTexts> = { zh: zhTexts, en: enTexts };
const LEDGER_DAYS = 60;
const POSTS_DAYS = 89;

// ---------------------------------------------------------------------------------------------
// Text

/** Plain-text summary from the paragraphs and list items, cut at `max` characters. */
export function summarize(blocks: Block[], max: number): string {
  const text = blocks
    .flatMap((b) => ('p' in b ? [b.p] : 'ul' in b ? b.ul : []))
    .join(' ')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

// ---------------------------------------------------------------------------------------------
// Event state, derived from time as decisions.md says.

export type ActivityState = 'notStarted' | 'registering' | 'inProgress' | 'ended';

export function activityState(
  a: Pick<ActivitiesTable, 'signup_starts_at' | 'starts_at' | 'ends_at'>,
  now: number,
): ActivityState {
  if (now >= a.ends_at) return 'ended';
  if (now >= a.starts_at) return 'inProgress';
  if (now < a.signup_starts_at) return 'notStarted';
  return 'registering';
}

// ---------------------------------------------------------------------------------------------
// The plan

export type DictKind = 'industry' | 'scene' | 'source' | 'area' | 'board' | 'synonym';

/** The industry's words that mean the same, in both languages: one synonym entry each. */
export const DEMO_SYNONYMS = [
  '对象存储, object storage, OSS',
  '纠删码, erasure coding, EC',
  '快照, snapshot',
  '重删, 重复数据删除, deduplication, dedup',
  '备份, backup',
  '容灾, disaster recovery, DR',
  '分布式存储, distributed storage',
  '全闪存, all-flash',
];

export interface PlannedMember {
  key: string;
  siteId: number;
  row: Insertable<UsersTable>;
  /** Dictionary label of the member's industry on their site. */
  industry: string;
  roles: Array<{ role: RoleCode; siteId: number | null; board?: string; topic?: string; created_at: number }>;
}

export type SourceRef =
  | { kind: 'post'; index: number }
  | { kind: 'topic_article'; topic: number; article: number }
  | { kind: 'activity'; index: number };

export interface PlannedLedgerRow {
  member: string;
  siteId: number;
  rule: PointRule;
  amount: number;
  source: SourceRef | null;
  created_at: number;
}

export interface PlannedSite {
  site: Site;
  dictionaries: Array<Omit<Insertable<DictionariesTable>, 'id'> & { kind: DictKind }>;
  banners: Array<{
    title: string;
    image_url: string;
    link: { path: string } | { event: number };
    sort: number;
    created_at: number;
  }>;
  activities: Array<{ key: string; state: ActivityState; row: Insertable<ActivitiesTable> }>;
  /** The questionnaire of one event (its index in `activities`), open from a day ago for a month. */
  questionnaire: {
    event: number;
    title: string;
    description: string;
    opens_at: number;
    closes_at: number;
    questions: (typeof DEMO_QUESTIONNAIRE)['zh']['questions'];
  } | null;
  topics: Array<{
    key: string;
    row: Insertable<TopicsTable>;
    articles: Array<{ author: string; row: Omit<Insertable<TopicArticlesTable>, 'topic_id' | 'author_id'> }>;
  }>;
  posts: Array<{
    author: string;
    board: string;
    industry: string;
    scene: string;
    row: Omit<Insertable<PostsTable>, 'author_id' | 'board_id' | 'industry_id' | 'scene_id'>;
    /** Comments (a question's answers), oldest first, each with its replies oldest first. */
    comments: PlannedComment[];
  }>;
  journals: Insertable<JournalsTable>[];
  cooperation: Insertable<CooperationPagesTable>[];
  pages: Insertable<PagesTable>[];
  settings: Insertable<SiteSettingsTable>[];
}

export interface PlannedComment {
  author: string;
  content: string;
  created_at: number;
  like_count: number;
  accepted: boolean;
  replies: Array<{ author: string; content: string; created_at: number; replyTo: string | null }>;
}

export interface DemoPlan {
  members: PlannedMember[];
  sites: PlannedSite[];
  ledger: PlannedLedgerRow[];
}

/** Column widths of the foundation migration that PostgreSQL enforces and SQLite does not. */
const LIMITS: Array<[string, number]> = [
  ['title', 200],
  ['summary', 500],
  ['address', 300],
  ['nick_name', 64],
  ['real_name', 64],
  ['company', 128],
  ['job_title', 128],
  ['label', 128],
  ['issue_no', 32],
  ['description', 1000],
];

function checkWidths(table: string, row: Record<string, unknown>): void {
  for (const [column, max] of LIMITS) {
    const v = row[column];
    if (typeof v === 'string' && v.length > max) {
      throw new Error(`demo ${table}.${column} is ${v.length} characters, over ${max}: ${v.slice(0, 40)}`);
    }
  }
}

/** Builds the whole demo relative to `now` (ms since the epoch). Pure: no database access. */
export function buildDemoPlan(now: number): DemoPlan {
  now = Math.floor(now);
  const dayStart = Math.floor(now / DAY) * DAY;
  const members: PlannedMember[] = [];
  const sites: PlannedSite[] = [];
  const ledger: PlannedLedgerRow[] = [];
  const seenMemberKeys = new Set<string>();
  let avatar = 0;

  for (const site of SITES) {
    const t = TEXTS[site.lang];
    const rand = seededRandom(site.tws_id * 7919);
    const at = ([day, hour]: [number, number]) => dayStart + day * DAY + (hour - t.utcOffsetHours) * HOUR;
    const label = (kind: Exclude<DictKind, 'source' | 'synonym'>, value: string) => {
      if (!t.dictionaries[kind].includes(value)) throw new Error(`demo ${site.lang}: unknown ${kind} '${value}'`);
      return value;
    };

    // Dictionaries: source uses the spec's values 10/20, the others 1..n in list order.
    const dictionaries: PlannedSite['dictionaries'] = [];
    for (const kind of ['industry', 'scene', 'area', 'board'] as const) {
      t.dictionaries[kind].forEach((lbl, i) =>
        dictionaries.push({
          site_id: site.tws_id,
          kind,
          label: lbl,
          value: i + 1,
          sort: i + 1,
          created_at: now - 400 * DAY,
        }),
      );
    }
    dictionaries.push(
      {
        site_id: site.tws_id,
        kind: 'source',
        label: t.dictionaries.source.original,
        value: ARTICLE_SOURCE.original,
        sort: 1,
        created_at: now - 400 * DAY,
      },
      {
        site_id: site.tws_id,
        kind: 'source',
        label: t.dictionaries.source.reprint,
        value: ARTICLE_SOURCE.reprint,
        sort: 2,
        created_at: now - 400 * DAY,
      },
    );
    // Search's synonyms (decision 039): the same bilingual groups on both sites.
    DEMO_SYNONYMS.forEach((label, i) =>
      dictionaries.push({
        site_id: site.tws_id,
        kind: 'synonym',
        label,
        value: i + 1,
        sort: i + 1,
        created_at: now - 400 * DAY,
      }),
    );

    // Events.
    const activities: PlannedSite['activities'] = t.events.map((e: EventText) => {
      const signup_starts_at = at(e.signupOpen);
      const row: Insertable<ActivitiesTable> = {
        site_id: site.tws_id,
        title: e.title,
        summary: e.summary,
        cover_url: `/demo/event-${e.cover}.svg`,
        body_html: renderBlocks(e.body),
        area: e.online ? '' : label('area', e.area),
        province: e.online ? '' : (t.eventExtras.provinceOf[e.area] ?? ''),
        online_url: e.online ? t.eventExtras.onlineUrl : '',
        waitlist_enabled: 1,
        form_fields: JSON.stringify(t.eventExtras.formFields),
        schedule: JSON.stringify(t.eventExtras.schedule.map(([h, title]) => ({ at: at(e.start) + h * HOUR, title }))),
        is_online: e.online ? 1 : 0,
        address: e.address,
        starts_at: at(e.start),
        ends_at: at(e.end),
        signup_starts_at,
        signup_ends_at: at(e.signupClose),
        capacity: e.capacity,
        signup_count: now < signup_starts_at ? 0 : Math.min(e.capacity, Math.round(e.capacity * e.fill)),
        created_at: Math.min(signup_starts_at - 7 * DAY, now - HOUR),
      };
      const state = activityState(row, now);
      if (state !== e.state) throw new Error(`demo event '${e.key}' is ${state}, meant to be ${e.state}`);
      if (
        row.signup_ends_at > row.starts_at ||
        row.signup_starts_at >= row.signup_ends_at ||
        row.starts_at >= row.ends_at
      ) {
        throw new Error(`demo event '${e.key}' has its times out of order`);
      }
      checkWidths('activities', row);
      return { key: e.key, state, row };
    });
    const eventIndex = (key: string) => {
      const i = t.events.findIndex((e) => e.key === key);
      if (i < 0) throw new Error(`demo ${site.lang}: unknown event '${key}'`);
      return i;
    };

    const banners: PlannedSite['banners'] = t.banners.map((b, i) => ({
      title: b.title,
      image_url: `/demo/banner-${b.image}.svg`,
      link: 'event' in b.link ? { event: eventIndex(b.link.event) } : { path: b.link.path },
      sort: i + 1,
      created_at: now - (10 + i) * DAY,
    }));

    // Topic articles are dealt round-robin over the topics, newest first, across the last 90 days,
    // so every topic has something recent.
    const order: Array<[number, number]> = [];
    const longest = Math.max(...t.topics.map((tp) => tp.articles.length));
    for (let a = 0; a < longest; a++) t.topics.forEach((tp, ti) => a < tp.articles.length && order.push([ti, a]));
    const articleTime = new Map<string, number>();
    order.forEach(([ti, a], j) => {
      const created = now - Math.round((j + 0.4 + rand() * 0.4) * (((POSTS_DAYS - 1) * DAY) / order.length));
      articleTime.set(`${ti}:${a}`, created);
    });
    const memberExpert = new Map(t.members.map((m) => [m.key, m.expert]));
    const author = (key: string) => {
      if (!memberExpert.has(key)) throw new Error(`demo ${site.lang}: unknown member '${key}'`);
      return key;
    };
    const topics: PlannedSite['topics'] = t.topics.map((tp, ti) => {
      const articles = tp.articles.map((a, ai) => {
        const created_at = articleTime.get(`${ti}:${ai}`)!;
        const approvedAt = Math.min(now - MINUTE, created_at + Math.round((2 + rand() * 20) * HOUR));
        const row = {
          site_id: site.tws_id,
          title: a.title,
          content_html: renderBlocks(a.body),
          source: a.reprint ? ARTICLE_SOURCE.reprint : ARTICLE_SOURCE.original,
          is_expert: memberExpert.get(author(a.author)) ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
          source_url: a.reprint ? (a.sourceUrl ?? '') : '',
          status: REVIEW_STATUS.approved,
          created_at,
          // Approved by the topic host a few hours after submission.
          updated_at: approvedAt,
          published_at: approvedAt,
        };
        checkWidths('topic_articles', row);
        return { author: a.author, row };
      });
      const row: Insertable<TopicsTable> = {
        site_id: site.tws_id,
        title: tp.title,
        description: tp.description,
        cover_url: `/demo/topic-${tp.cover}.svg`,
        sort: (ti + 1) * 10,
        article_count: articles.filter((a) => a.row.status === REVIEW_STATUS.approved).length,
        created_at: now - (120 + ti * 5) * DAY,
      };
      checkWidths('topics', row);
      return { key: tp.key, row, articles };
    });

    // Comments under some posts: an hour or more apart after the post, replies after their comment.
    const threads = DEMO_THREADS[site.lang];
    for (const th of threads) {
      if (!t.posts.some((ps) => ps.title === th.post)) throw new Error(`demo ${site.lang}: no post '${th.post}'`);
    }
    const plannedComments = (title: string, postedAt: number): PlannedComment[] => {
      const thread = threads.find((th) => th.post === title);
      if (!thread) return [];
      const latest = now - MINUTE;
      let at = postedAt;
      return thread.comments.map((c) => {
        at = Math.min(latest, at + Math.round((1 + rand() * 5) * HOUR));
        const created_at = at;
        let replyAt = created_at;
        return {
          author: author(c.author),
          content: c.text,
          created_at,
          like_count: c.likes ?? 0,
          accepted: c.accepted === true,
          replies: (c.replies ?? []).map((r) => {
            replyAt = Math.min(latest, replyAt + Math.round((10 + rand() * 80) * MINUTE));
            return {
              author: author(r.author),
              content: r.text,
              created_at: replyAt,
              replyTo: r.to ? author(r.to) : null,
            };
          }),
        };
      });
    };

    // Posts, newest first, spread over the last 90 days.
    const n = t.posts.length;
    const posts: PlannedSite['posts'] = t.posts.map((ps, i) => {
      const created_at = now - Math.round((i + 0.3 + rand() * 0.5) * ((POSTS_DAYS * DAY) / n));
      const expert = memberExpert.get(author(ps.author)) ?? false;
      const age = (now - created_at) / DAY;
      const view_count = Math.round((60 + rand() * 900 + age * (15 + rand() * 25)) * (expert ? 1.8 : 1));
      const like_count = Math.round(view_count * (0.02 + rand() * 0.06));
      // Real comments only (demo-comments.ts), so that counts and the thread under a post agree.
      const comments = plannedComments(ps.title, created_at);
      const comment_count = comments.reduce((n, c) => n + 1 + c.replies.length, 0);
      const last_activity_at = Math.max(
        created_at,
        ...comments.flatMap((c) => [c.created_at, ...c.replies.map((r) => r.created_at)]),
      );
      const row = {
        site_id: site.tws_id,
        group_id: null,
        type: POST_TYPE[ps.type],
        title: ps.title,
        summary: summarize(ps.body, site.lang === 'zh' ? 90 : 180),
        content_html: renderBlocks(ps.body),
        source: ps.reprint ? ARTICLE_SOURCE.reprint : ARTICLE_SOURCE.original,
        is_expert: expert ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
        status: REVIEW_STATUS.approved,
        view_count,
        like_count,
        comment_count,
        answer_count: comments.length,
        last_activity_at,
        hot_score: hotScore(created_at, { like_count, comment_count, favourite_count: 0 }),
        created_at,
        updated_at: rand() < 0.25 ? Math.min(now - MINUTE, created_at + Math.round(rand() * 2 * DAY)) : created_at,
      };
      checkWidths('posts', row);
      return {
        author: ps.author,
        comments,
        board: label('board', ps.board),
        industry: label('industry', ps.industry),
        scene: label('scene', ps.scene),
        row,
      };
    });
    const titles = new Set<string>();
    for (const title of [
      ...posts.map((x) => x.row.title),
      ...topics.flatMap((x) => x.articles.map((a) => a.row.title)),
    ]) {
      if (titles.has(title)) throw new Error(`demo ${site.lang}: duplicate title '${title}'`);
      titles.add(title);
    }

    // Journals: one issue a month, published on the 5th, newest first.
    const latest = new Date(now);
    let year = latest.getUTCFullYear();
    let month = latest.getUTCMonth() + 1;
    if (Date.UTC(year, month - 1, 5, 10 - t.utcOffsetHours) > now)
      [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const journals: Insertable<JournalsTable>[] = t.journals.summaries.map((summary, i) => {
      const m0 = year * 12 + (month - 1) - i;
      const [y, m] = [Math.floor(m0 / 12), (m0 % 12) + 1];
      const published_at = Date.UTC(y, m - 1, 5, 10 - t.utcOffsetHours);
      const row = {
        site_id: site.tws_id,
        title: t.journals.title(y, m),
        issue_no: t.journals.issueNo(y, m),
        cover_url: `/demo/journal-${(i % 4) + 1}.svg`,
        summary,
        published_at,
        created_at: published_at - 3 * DAY,
      };
      checkWidths('journals', row);
      return row;
    });

    const cooperation: Insertable<CooperationPagesTable>[] = t.cooperation.map((c, i) => {
      const row = {
        site_id: site.tws_id,
        title: c.title,
        summary: c.summary,
        cover_url: `/demo/coop-${c.cover}.svg`,
        body_html: renderBlocks(c.body),
        sort: (i + 1) * 10,
        created_at: now - (200 - i * 20) * DAY,
      };
      checkWidths('cooperation_pages', row);
      return row;
    });

    const pages: Insertable<PagesTable>[] = [
      {
        site_id: site.tws_id,
        slug: 'about',
        title: t.about.title,
        body_html: renderBlocks(t.about.body),
        updated_at: now - 30 * DAY,
      },
      ...legalPageRows(site, now - 30 * DAY),
    ];

    const year0 = new Date(now).getUTCFullYear();
    const settingValues: Record<string, unknown> = {
      contact_email: t.settings.contactEmail,
      website: 'https://community.example.com',
      qr_code_url: `/demo/qr-${site.lang}.svg`,
      copyright: t.settings.copyright(year0),
      image_config: { fileSize: 3, fileLimit: 9 },
      file_config: { fileSize: 5, fileLimit: 9 },
      permission_switch: false,
      post_review: false,
    };
    const settings: Insertable<SiteSettingsTable>[] = Object.entries(settingValues).map(([key, value]) => ({
      site_id: site.tws_id,
      key,
      value: JSON.stringify(value),
      updated_at: now,
    }));

    // Members: accounts are global, but each demo member belongs to the site of their language.
    const firstContent = new Map<string, number>();
    const touch = (key: string, time: number) =>
      firstContent.set(key, Math.min(firstContent.get(key) ?? Infinity, time));
    posts.forEach((x) => touch(x.author, x.row.created_at));
    topics.forEach((x) => x.articles.forEach((a) => touch(a.author, a.row.created_at)));
    for (const m of t.members) {
      if (seenMemberKeys.has(m.key)) throw new Error(`demo member key '${m.key}' is used twice`);
      seenMemberKeys.add(m.key);
      const created_at = Math.min(now - m.joinedDaysAgo * DAY, (firstContent.get(m.key) ?? Infinity) - 3 * DAY);
      const row: Insertable<UsersTable> = {
        email: `${m.key}@example.com`,
        mobile: null,
        nick_name: m.nick,
        avatar_url: `/demo/avatar-${(avatar++ % 8) + 1}.svg`,
        password_hash: null,
        real_name: m.realName,
        company: m.company,
        job_title: m.jobTitle,
        industry_id: null,
        is_edit: IS_EDIT.complete,
        user_expert: m.expert ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
        // The points module raises it by the member's ledger when the seed records the history.
        points: 0,
        status: 1,
        created_at,
        updated_at: created_at,
      };
      checkWidths('users', row);
      members.push({
        key: m.key,
        siteId: site.tws_id,
        row,
        industry: label('industry', m.industry),
        roles: m.roles.map((r) => {
          if (r.board) label('board', r.board);
          if (r.topic && !t.topics.some((tp) => tp.key === r.topic))
            throw new Error(`demo: unknown topic '${r.topic}'`);
          const global = r.role === 'expert' || r.role === 'kol' || r.role === 'enterprise';
          return {
            role: r.role,
            siteId: global ? null : site.tws_id,
            board: r.board,
            topic: r.topic,
            created_at: Math.min(now - DAY, created_at + 30 * DAY),
          };
        }),
      });
    }

    const surveyed = activities.findIndex((a) => a.state === 'registering');
    const survey = DEMO_QUESTIONNAIRE[site.lang];
    const questionnaire: PlannedSite['questionnaire'] =
      surveyed < 0
        ? null
        : {
            event: surveyed,
            title: survey.title,
            description: survey.description,
            opens_at: now - DAY,
            closes_at: now + 30 * DAY,
            questions: survey.questions,
          };

    const planned: PlannedSite = {
      site,
      dictionaries,
      banners,
      activities,
      questionnaire,
      topics,
      posts,
      journals,
      cooperation,
      pages,
      settings,
    };
    sites.push(planned);
    ledger.push(...planLedger(planned, t, now, seededRandom(site.tws_id * 104_729)));
  }

  return { members, sites, ledger };
}

/** Points over the last 60 days: sign-ins, comments, own posts and articles, accepted answers, sign-ups. */
function planLedger(s: PlannedSite, t: SiteTexts, now: number, rand: () => number): PlannedLedgerRow[] {
  const rows: PlannedLedgerRow[] = [];
  const since = now - LEDGER_DAYS * DAY;
  const siteId = s.site.tws_id;
  const add = (member: string, rule: PointRule, created_at: number, source: SourceRef | null) => {
    if (created_at < since || created_at > now) return;
    rows.push({ member, siteId, rule, amount: POINT_RULES[rule], source, created_at: Math.round(created_at) });
  };

  s.posts.forEach((x, index) => add(x.author, 'post_published', x.row.created_at, { kind: 'post', index }));
  s.topics.forEach((tp, topic) =>
    tp.articles.forEach((a, article) =>
      add(a.author, 'topic_article_approved', a.row.updated_at ?? a.row.created_at, {
        kind: 'topic_article',
        topic,
        article,
      }),
    ),
  );

  const signinChance = [0, 0.25, 0.55, 0.85] as const;
  const commentsPerDay = [0, 2, 6, 18] as const;
  const acceptedQuestions = new Set<number>();
  for (const m of t.members) {
    if (m.activity === 0) continue;
    for (let d = 0; d < LEDGER_DAYS; d++) {
      if (rand() >= signinChance[m.activity]) continue;
      const signin = now - d * DAY - Math.round(MINUTE + rand() * 10 * HOUR);
      add(m.key, 'daily_signin', signin, null);
      const comments = Math.floor(rand() * commentsPerDay[m.activity]);
      for (let c = 0; c < comments; c++) {
        const when = signin - (c + 1) * 7 * MINUTE;
        const open = s.posts
          .map((x, i) => [x, i] as const)
          .filter(([x]) => x.row.created_at < when && x.author !== m.key);
        const pick = open[Math.floor(rand() * open.length)];
        add(m.key, 'comment', when, pick ? { kind: 'post', index: pick[1] } : null);
      }
    }
    // Experts and regulars get some of their answers accepted, one accepted answer per question.
    const acceptChance = m.expert ? 0.45 : m.activity >= 2 ? 0.15 : 0;
    s.posts.forEach((x, index) => {
      if (x.row.type !== POST_TYPE.question || x.author === m.key || acceptedQuestions.has(index)) return;
      if (rand() >= acceptChance) return;
      const when = x.row.created_at + Math.round((6 + rand() * 60) * HOUR);
      if (when > now - HOUR) return;
      acceptedQuestions.add(index);
      add(m.key, 'answer_accepted', when, { kind: 'post', index });
    });
    s.activities.forEach((a, index) => {
      const from = Math.max(a.row.signup_starts_at, since);
      const to = Math.min(a.row.signup_ends_at, now - HOUR);
      if (from >= to || rand() >= 0.3 + m.activity * 0.1) return;
      add(m.key, 'event_signup', from + Math.round(rand() * (to - from)), { kind: 'activity', index });
    });
  }
  return rows.sort((a, b) => a.created_at - b.created_at);
}
