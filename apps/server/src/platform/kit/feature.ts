import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DictionaryKind, DictionaryUsage } from '@portal/contracts/dictionaries';
import type { MyApplication } from '@portal/contracts/expert-applications';
import type { Site } from '@portal/contracts/sites';
import type { Config } from '../../config';
import type { DayCounts } from '../../db/day-counts';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DocumentWork } from '../../lib/document-work/document-work';
import type { SearchReaders } from '../search/search-readers';
import type { Jobs } from '../../lib/jobs';
import type { StorageDriver } from '../../lib/storage';
import type { ReviewKindAdapter } from '../reviews/review-kinds';
import type { RemoteImages } from '../uploads/remote-images';
import type { SearchSource } from '../search/search-index';

/** What every feature is built from: one object, made once by `app.ts`. */
export interface PortalDeps {
  db: Kysely<DB>;
  config: Config;
  /** The scale-out mode's Redis (what processes share); none in the embedded mode. */
  redis?: Redis;
  /** The prefix of this portal's keys in Redis (tests give each app its own). */
  redisNameSpace: string;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  /** Where attachments and public pictures are kept: local disk or the S3 store (lib/storage). */
  storage: StorageDriver;
  /** The one worker pool for heavy document work (Word import), bounded in memory, time and queue. */
  documentWork: DocumentWork;
  /** Where searches read on a SQLite file (platform/search/search-readers.ts); none on PostgreSQL. */
  searchReaders?: SearchReaders;
  /** Copies other sites' pictures in rich text into our storage on publish (SSRF-safe), or drops them. */
  remoteImages: RemoteImages;
}

/** Figures of the home page's statistics block (spec 7 `indexStats`) that a domain counts. */
export type HomeFigureKey = 'member_count' | 'expert_count' | 'activity_count' | 'topic_article_count' | 'post_count';

export interface HomeFigure {
  key: HomeFigureKey;
  count(db: Kysely<DB>, siteId: number): Promise<number>;
}

/** The window the back-office dashboard covers, in the staff member's zone. */
export interface DashboardWindow {
  siteId: number;
  /** The first moment of the trend's first day. */
  since: number;
  /** The zone's offset east of UTC, in ms: days are cut there. */
  offsetMs: number;
}

/** The dashboard's figures, each counted by the domain that owns it. */
export interface DashboardFigures {
  membersTotal: number;
  memberDays: DayCounts;
  posts: number;
  postDays: DayCounts;
  articlesPending: number;
  articlesApproved: number;
  events: number;
  feedbackOpen: number;
  messages: number;
}

export type DashboardFigure = (db: Kysely<DB>, window: DashboardWindow) => Promise<Partial<DashboardFigures>>;

/** A domain's references to dictionary entries: counted before an entry is deleted, followed when one is renamed. */
export interface DictionaryUse {
  kind: DictionaryKind;
  usage: keyof DictionaryUsage;
  count(
    executor: Executor,
    entry: { id: number; site_id: number; kind: string; label: string; value: number },
  ): Promise<number>;
  /** Entries referred to by their label (areas) follow a rename. */
  renameLabel?(executor: Executor, siteId: number, from: string, to: string): Promise<void>;
}

/**
 * The topics other domains may attach to (an event names a topic of its site, decision 030), read
 * through the domain that owns them so no other domain reads their table.
 */
export interface TopicDirectory {
  /** A topic of the site (archived ones too: their pages stay); undefined when the site has none of that id. */
  find(
    executor: Executor,
    siteId: number,
    topicId: number,
  ): Promise<{ id: number; title: string; cover_url: string; archived: boolean } | undefined>;
  /** The site's open topics in their order, for a select (at most `limit`). */
  list(executor: Executor, siteId: number, limit: number): Promise<Array<{ id: number; title: string }>>;
}

/** What a member wrote, by kind: topic articles, discussion posts, answers to questions (decision 034). */
export type AuthoredKind = 'articles' | 'posts' | 'answers';

/**
 * A member's published content of one kind, counted by the domain that keeps it, so the experts
 * directory and an expert's page never read another domain's tables (as events read topics).
 */
/** How an expert's page sorts a list (decision 034): newest first, or most liked first. */
export type AuthoredSort = 'new' | 'hot';

/** One item of a member's list: where it links (`target_id`: the article, or the post answered). */
export interface AuthoredItem {
  id: number;
  target_id: number;
  title: string;
  /** Plain text: a post's summary, an answer's text; '' for an article. */
  excerpt: string;
  like_count: number;
  comment_count: number;
  created_at: number;
}

export interface AuthoredContent {
  kind: AuthoredKind;
  /**
   * A page of one author's published items on a site, keyset by (time or likes, id), both
   * descending; `after.at` is the previous page's last time (new) or like count (hot).
   */
  list(
    executor: Executor,
    siteId: number,
    authorId: number,
    sort: AuthoredSort,
    after: { at: number; id: number } | null,
    limit: number,
  ): Promise<AuthoredItem[]>;
  /** Published items per author on a site (hidden, deleted and unapproved ones left out). */
  count(executor: Executor, siteId: number, authorIds: readonly number[]): Promise<Map<number, number>>;
}

/** Who a member follows, read through the follows domain (the directory's follow buttons). */
export interface FollowDirectory {
  /** Those of `followeeIds` that `followerId` follows. */
  followed(executor: Executor, followerId: number, followeeIds: readonly number[]): Promise<Set<number>>;
}

/**
 * A kind of application a member makes (cooperation now, beside the expert application that owns
 * `user.applications`): the member's application of that kind for the personal centre, or null.
 */
export interface MemberApplicationSource {
  kind: MyApplication['kind'];
  mine(executor: Executor, site: Site, member: { id: number; nickName: string }): Promise<MyApplication | null>;
}

/** What a domain adds to the portal's shared screens and services, each read by the one that shows it. */
export interface Contributions {
  reviewKinds: readonly ReviewKindAdapter[];
  homeFigures: readonly HomeFigure[];
  dashboardFigures: readonly DashboardFigure[];
  dictionaryUses: readonly DictionaryUse[];
  topicDirectories: readonly TopicDirectory[];
  authoredContent: readonly AuthoredContent[];
  followDirectories: readonly FollowDirectory[];
  /** The kinds of findable items, one source each (platform/search, decision 039). */
  searchSources: readonly SearchSource[];
  /** The member's applications of other kinds, listed by `user.applications` (decision 045). */
  memberApplications: readonly MemberApplicationSource[];
}

export type FeatureDeps = PortalDeps & { contributions: Contributions };

/**
 * A domain as `app.ts` lists it: its routes, and what it contributes to others. Adding a domain is
 * one `defineFeature` in its own folder and one line in the list of `app.ts`.
 */
export interface Feature {
  name: string;
  contributes?: Partial<Contributions>;
  /** Registers the domain's calls and jobs; runs in its own Fastify scope. */
  routes?(app: FastifyInstance, deps: FeatureDeps): Promise<void>;
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}

/** Everything the listed features contribute, gathered before any of them registers. */
export function gatherContributions(features: readonly Feature[]): Contributions {
  return {
    reviewKinds: features.flatMap((f) => f.contributes?.reviewKinds ?? []),
    homeFigures: features.flatMap((f) => f.contributes?.homeFigures ?? []),
    dashboardFigures: features.flatMap((f) => f.contributes?.dashboardFigures ?? []),
    dictionaryUses: features.flatMap((f) => f.contributes?.dictionaryUses ?? []),
    topicDirectories: features.flatMap((f) => f.contributes?.topicDirectories ?? []),
    authoredContent: features.flatMap((f) => f.contributes?.authoredContent ?? []),
    followDirectories: features.flatMap((f) => f.contributes?.followDirectories ?? []),
    searchSources: features.flatMap((f) => f.contributes?.searchSources ?? []),
    memberApplications: features.flatMap((f) => f.contributes?.memberApplications ?? []),
  };
}

/** Registers the features in the order listed, each in its own scope, with the contributions of all. */
export async function registerFeatures(app: FastifyInstance, deps: PortalDeps, features: readonly Feature[]) {
  const contributions = gatherContributions(features);
  for (const feature of features) {
    const routes = feature.routes;
    if (!routes) continue;
    await app.register(async (scope) => routes(scope, { ...deps, contributions }), { name: feature.name });
  }
}
