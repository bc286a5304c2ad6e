import type { Generated, Insertable, Selectable } from 'kysely';

/** Times are stored as milliseconds since the epoch (bigint) in both dialects. */
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  mobile: string | null;
  nick_name: string;
  avatar_url: string;
  password_hash: string | null;
  real_name: string;
  company: string;
  job_title: string;
  industry_id: number | null;
  is_edit: number;
  user_expert: number;
  points: number;
  status: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface UserRolesTable {
  id: Generated<number>;
  user_id: number;
  role: string;
  site_id: number | null;
  scope_id: number | null;
  created_at: Millis;
}

export interface SiteSettingsTable {
  site_id: number;
  key: string;
  value: string;
  updated_at: Millis;
}

export interface DictionariesTable {
  id: Generated<number>;
  site_id: number;
  kind: string;
  label: string;
  value: number;
  sort: number;
  created_at: Millis;
}

export interface BannersTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  starts_at: Millis | null;
  ends_at: Millis | null;
  created_at: Millis;
}

export interface ActivitiesTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  summary: string;
  cover_url: string;
  body_html: string;
  area: string;
  is_online: number;
  address: string;
  starts_at: Millis;
  ends_at: Millis;
  signup_starts_at: Millis;
  signup_ends_at: Millis;
  capacity: number;
  signup_count: number;
  created_at: Millis;
}

export interface TopicsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  description: string;
  cover_url: string;
  sort: number;
  article_count: number;
  created_at: Millis;
}

export interface TopicArticlesTable {
  id: Generated<number>;
  site_id: number;
  topic_id: number;
  author_id: number;
  title: string;
  content_html: string;
  source: number;
  is_expert: number;
  status: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface PostsTable {
  id: Generated<number>;
  site_id: number;
  author_id: number;
  group_id: number | null;
  board_id: number | null;
  type: number;
  title: string;
  summary: string;
  content_html: string;
  industry_id: number | null;
  scene_id: number | null;
  source: number;
  is_expert: number;
  status: number;
  view_count: number;
  like_count: number;
  comment_count: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface JournalsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  issue_no: string;
  cover_url: string;
  summary: string;
  published_at: Millis;
  created_at: Millis;
}

export interface CooperationPagesTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  summary: string;
  cover_url: string;
  body_html: string;
  sort: number;
  created_at: Millis;
}

export interface PagesTable {
  site_id: number;
  slug: string;
  title: string;
  body_html: string;
  updated_at: Millis;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  rule: string;
  amount: number;
  source_kind: string | null;
  source_id: number | null;
  created_at: Millis;
}

export interface DB {
  users: UsersTable;
  user_roles: UserRolesTable;
  site_settings: SiteSettingsTable;
  dictionaries: DictionariesTable;
  banners: BannersTable;
  activities: ActivitiesTable;
  topics: TopicsTable;
  topic_articles: TopicArticlesTable;
  posts: PostsTable;
  journals: JournalsTable;
  cooperation_pages: CooperationPagesTable;
  pages: PagesTable;
  points_ledger: PointsLedgerTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewPost = Insertable<PostsTable>;
