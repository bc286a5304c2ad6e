/**
 * Shapes of the hand-written demo texts (one file per language) and the tiny markup they use.
 * Texts refer to each other by key or label (author 'linwei', board '数据保护'); the seed resolves
 * those to ids once the rows exist.
 */

export type Block = { p: string } | { h2: string } | { ul: string[] } | { code: string };

/** A paragraph; `**x**` becomes <strong>x</strong>. */
export const p = (text: string): Block => ({ p: text });
export const h2 = (text: string): Block => ({ h2: text });
export const ul = (...items: string[]): Block => ({ ul: items });
export const code = (text: string): Block => ({ code: text });

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inline = (s: string) => escapeHtml(s).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

/** Renders demo blocks to the small HTML subset the portal's sanitiser allows. */
export function renderBlocks(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if ('p' in b) return `<p>${inline(b.p)}</p>`;
      if ('h2' in b) return `<h2>${inline(b.h2)}</h2>`;
      if ('ul' in b) return `<ul>${b.ul.map((li) => `<li>${inline(li)}</li>`).join('')}</ul>`;
      return `<pre><code>${escapeHtml(b.code)}</code></pre>`;
    })
    .join('\n');
}

export type RoleCode = 'expert' | 'mvp' | 'moderator' | 'topic_host' | 'enterprise' | 'kol' | 'editor' | 'admin';

export interface MemberText {
  key: string;
  nick: string;
  realName: string;
  company: string;
  jobTitle: string;
  /** Label of an 'industry' dictionary entry of the member's site. */
  industry: string;
  expert: boolean;
  /** Moderators name a board label, topic hosts a topic key. */
  roles: Array<{ role: RoleCode; board?: string; topic?: string }>;
  /** 0 lurker (no points), 1 occasional, 2 regular, 3 very active. */
  activity: 0 | 1 | 2 | 3;
  joinedDaysAgo: number;
}

/**
 * Days are relative to the start of the seeding day (UTC midnight), hours are local to the site.
 * The state is stated so the seed can check the days produce it at any time of day.
 */
export interface EventText {
  key: string;
  state: 'notStarted' | 'registering' | 'inProgress' | 'ended';
  title: string;
  summary: string;
  cover: number;
  online: boolean;
  /** Label of an 'area' dictionary entry; '' for online events. */
  area: string;
  address: string;
  start: [day: number, hour: number];
  end: [day: number, hour: number];
  signupOpen: [day: number, hour: number];
  signupClose: [day: number, hour: number];
  capacity: number;
  /** Share of capacity taken (ignored before sign-up opens). */
  fill: number;
  body: Block[];
}

export interface TopicArticleText {
  title: string;
  author: string;
  reprint?: boolean;
  /** A reprint's original. */
  sourceUrl?: string;
  body: Block[];
}

export interface TopicText {
  key: string;
  title: string;
  description: string;
  cover: number;
  articles: TopicArticleText[];
}

export interface PostText {
  title: string;
  author: string;
  type: 'discussion' | 'question';
  board: string;
  industry: string;
  scene: string;
  reprint?: boolean;
  body: Block[];
}

export interface BannerText {
  title: string;
  image: number;
  /** A path under the site prefix (e.g. 'subject/list') or an event key. */
  link: { path: string } | { event: string };
}

export interface CooperationText {
  title: string;
  summary: string;
  cover: number;
  body: Block[];
}

export interface SiteTexts {
  /** Hours the site's local time is ahead of UTC (event times are written in local time). */
  utcOffsetHours: number;
  members: MemberText[];
  dictionaries: {
    industry: string[];
    scene: string[];
    area: string[];
    board: string[];
    source: { original: string; reprint: string };
  };
  banners: BannerText[];
  events: EventText[];
  /** What every demo event's sign-up needs besides its text (issue 18). */
  eventExtras: {
    /** The province (region) of each area. */
    provinceOf: Record<string, string>;
    formFields: Array<{
      key: string;
      type: 'text' | 'choice' | 'phone' | 'company';
      label: string;
      required: boolean;
      options: string[];
    }>;
    /** Agenda items: hours after the start, title. */
    schedule: Array<[hours: number, title: string]>;
    onlineUrl: string;
  };
  topics: TopicText[];
  /** Newest first; the seed spreads them over the last 90 days. */
  posts: PostText[];
  /** Newest issue first, one a month; names come from the month of publication. */
  journals: {
    issueNo: (year: number, month: number) => string;
    title: (year: number, month: number) => string;
    summaries: string[];
  };
  cooperation: CooperationText[];
  about: { title: string; body: Block[] };
  settings: { contactEmail: string; copyright: (year: number) => string };
}
