import type { Generated, Insertable, Selectable } from 'kysely';

/** Times are stored as milliseconds since the epoch (bigint) in both dialects. `Generated` marks a column
 * with a database default: optional on insert. */
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  mobile: string | null;
  nick_name: string;
  avatar_url: Generated<string>;
  password_hash: string | null;
  real_name: Generated<string>;
  company: Generated<string>;
  job_title: Generated<string>;
  industry_id: number | null;
  is_edit: Generated<number>;
  user_expert: Generated<number>;
  /** The spendable balance: every ledger row's amount, spends included. */
  points: Generated<number>;
  /** Points earned and kept (awards minus take-backs, spends left out): levels and medals (decision 041). */
  points_earned: Generated<number>;
  status: Generated<number>;
  contact_mobile: Generated<string>;
  contact_email: Generated<string>;
  follow_count: Generated<number>;
  fans_count: Generated<number>;
  /** The member is banned while this lies in the future (user_bans keeps the history). */
  banned_until: Millis | null;
  ban_reason: Generated<string>;
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
  /** When the grant stops counting (an MVP term's end, decision 044); null: until revoked. */
  expires_at: Millis | null;
}

export interface RolesTable {
  code: string;
  /** 'board' or 'topic' for roles granted within one board or topic; null for site-wide roles. */
  scope_kind: string | null;
  builtin: Generated<number>;
  name_zh: string;
  name_en: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface RolePermissionsTable {
  role: string;
  permission: string;
}

export interface UserBansTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  ends_at: Millis;
  created_by: number | null;
  created_at: Millis;
  lifted_by: number | null;
  lifted_at: Millis | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  site_id: number | null;
  action: string;
  target_kind: string;
  target_id: Generated<string>;
  before_json: string | null;
  after_json: string | null;
  ip: Generated<string>;
  request_id: Generated<string>;
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
  sort: Generated<number>;
  created_at: Millis;
}

export interface BannersTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  image_url: string;
  link_url: Generated<string>;
  sort: Generated<number>;
  starts_at: Millis | null;
  ends_at: Millis | null;
  created_at: Millis;
}

export interface ActivitiesTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  summary: Generated<string>;
  cover_url: Generated<string>;
  body_html: Generated<string>;
  area: Generated<string>;
  is_online: Generated<number>;
  address: Generated<string>;
  starts_at: Millis;
  ends_at: Millis;
  signup_starts_at: Millis;
  signup_ends_at: Millis;
  capacity: Generated<number>;
  signup_count: Generated<number>;
  created_at: Millis;
  province: Generated<string>;
  online_url: Generated<string>;
  waitlist_enabled: Generated<number>;
  /** JSON: the sign-up form's fields (EventFormField[]). */
  form_fields: Generated<string>;
  /** JSON: the agenda (EventScheduleItem[]). */
  schedule: Generated<string>;
  lang_group_id: number | null;
  like_count: Generated<number>;
  favourite_count: Generated<number>;
  question_count: Generated<number>;
  waitlist_count: Generated<number>;
  /** Set by the back office's edits; null for events written before it. */
  updated_at: Millis | null;
  /** The topic of the site the event belongs to (its topic activities page); null for none (decision 030). */
  topic_id: number | null;
}

export interface ActivitySignupsTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  /** 10 signed up, 20 waiting, 30 cancelled. */
  status: number;
  /** JSON: the answers to the event's form fields, by field key. */
  answers: Generated<string>;
  created_at: Millis;
  updated_at: Millis;
  /** Unguessable; organisers check the member in with it (decision 028). Unique. */
  checkin_code: string | null;
  checked_in_at: Millis | null;
  checked_in_by: number | null;
}

export interface ActivityLikesTable {
  activity_id: number;
  user_id: number;
  created_at: Millis;
}

export interface ActivityFavouritesTable {
  activity_id: number;
  user_id: number;
  created_at: Millis;
}

export interface ActivityQuestionsTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  content: string;
  like_count: Generated<number>;
  created_at: Millis;
  deleted_at: Millis | null;
}

export interface ActivityQuestionLikesTable {
  question_id: number;
  user_id: number;
  created_at: Millis;
}

/** A questionnaire of an owner (an event now, a challenge later), one per owner (decision 029). */
export interface QuestionnairesTable {
  id: Generated<number>;
  site_id: number;
  /** 'event' (a challenge later). */
  owner_kind: string;
  owner_id: number;
  title: string;
  description: Generated<string>;
  opens_at: Millis;
  closes_at: Millis;
  answer_count: Generated<number>;
  created_by: number | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface QuestionnaireQuestionsTable {
  id: Generated<number>;
  questionnaire_id: number;
  sort: number;
  /** 'single', 'multiple' or 'text'. */
  kind: string;
  title: string;
  required: Generated<number>;
  /** JSON: the options in their order (empty for text questions). */
  options: Generated<string>;
}

/** One per member and questionnaire (unique). */
export interface QuestionnaireAnswersTable {
  id: Generated<number>;
  questionnaire_id: number;
  user_id: number;
  created_at: Millis;
}

/** One row per chosen option or text answer. */
export interface QuestionnaireAnswerItemsTable {
  id: Generated<number>;
  answer_id: number;
  questionnaire_id: number;
  question_id: number;
  value: string;
}

export interface TopicsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  description: Generated<string>;
  cover_url: Generated<string>;
  sort: Generated<number>;
  article_count: Generated<number>;
  created_at: Millis;
  follower_count: Generated<number>;
  /** The topic's versions on the other sites share one group id; null when alone. */
  lang_group_id: number | null;
  /** Archived by the back office: out of the lists and the article form; null while open. */
  archived_at: Millis | null;
}

export interface TopicArticlesTable {
  id: Generated<number>;
  site_id: number;
  topic_id: number;
  author_id: number;
  title: string;
  content_html: string;
  source: Generated<number>;
  is_expert: Generated<number>;
  status: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** A reprint's original address; '' for an original article. */
  source_url: Generated<string>;
  /** Linked language versions share one group id (the id of the first version); null when alone. */
  lang_group_id: number | null;
  view_count: Generated<number>;
  like_count: Generated<number>;
  favourite_count: Generated<number>;
  /** When it was approved (published); null before. */
  published_at: Millis | null;
  /** Soft delete by the author. */
  deleted_at: Millis | null;
  /** Comments and replies not deleted (article_comments). */
  comment_count: Generated<number>;
  /** When a host marked it featured on its topic's page; null when not featured. */
  featured_at: Millis | null;
}

/** A member follows a topic (one row per pair). */
export interface TopicFollowsTable {
  topic_id: number;
  user_id: number;
  created_at: Millis;
}

/** Views of a topic's articles per UTC day (day = days since 1970-01-01), for the host zone's chart. */
export interface TopicDailyViewsTable {
  topic_id: number;
  day: number;
  views: number;
}

/** The e-magazine's categories of a site (issue 20). */
export interface JournalCategoriesTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  sort: Generated<number>;
  created_at: Millis;
}

/** An issue of the e-magazine: public once published and its publish date has come. */
export interface JournalIssuesTable {
  id: Generated<number>;
  site_id: number;
  category_id: number | null;
  /** The issue's number (第 n 期). */
  number: number;
  title: string;
  summary: Generated<string>;
  cover_url: Generated<string>;
  /** The issue's PDF (an attachment of kind 'file', application/pdf), served only through the journal's address. */
  pdf_attachment_id: number | null;
  /** 1: downloads only for enterprise members (partners). */
  partner_only: Generated<number>;
  /** 0 a draft, 1 published. */
  published: Generated<number>;
  publish_at: Millis;
  read_count: Generated<number>;
  download_count: Generated<number>;
  /** The issue's articles, kept in step as they are added and deleted. */
  article_count: Generated<number>;
  created_by: number | null;
  created_at: Millis;
  updated_at: Millis;
}

/** An article of an issue, in its order; written by an editor or placed from an accepted submission. */
export interface JournalArticlesTable {
  id: Generated<number>;
  issue_id: number;
  sort: Generated<number>;
  title: string;
  author_id: number | null;
  author_name: Generated<string>;
  summary: Generated<string>;
  /** Sanitised HTML. */
  content: string;
  submission_id: number | null;
  read_count: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

/** A member's e-magazine submission (spec 3), reviewed by editors; placed into an issue once accepted. */
export interface JournalSubmissionsTable {
  id: Generated<number>;
  site_id: number;
  author_id: number;
  name: string;
  nick_name: string;
  mobile: string;
  email: string;
  title: string;
  industry_id: number;
  scene_id: number;
  /** Sanitised HTML. */
  content: string;
  /** JSON array of attachment ids, in order. */
  annex: Generated<string>;
  /** 10 pending, 20 accepted, 30 rejected, 40 withdrawn (mirrors the review queue row). */
  status: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

/** An issue's readers and downloads per UTC day (day = days since 1970-01-01). */
export interface JournalDailyCountsTable {
  issue_id: number;
  day: number;
  reads: Generated<number>;
  downloads: Generated<number>;
}

/** Who has been counted for an issue on a day: a reader or a download counts once per viewer and day. */
export interface JournalCountedTable {
  issue_id: number;
  day: number;
  /** 'read' | 'download'. */
  kind: string;
  viewer: string;
}

/** Likes and favourites of topic articles (one row per pair). */
export interface TopicArticleMarksTable {
  article_id: number;
  user_id: number;
  created_at: Millis;
}

/** A resident expert's fields of expertise: entries of the site's scene dictionary (issue 21). */
export interface ExpertFieldsTable {
  user_id: number;
  field_id: number;
}

/**
 * A member's resident-expert application (issue 21, decision 036): one per member; status 0 draft,
 * then the review statuses. The lists are JSON text: field ids, and {title, url} items.
 */
export interface ExpertApplicationsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  status: Generated<number>;
  real_name: Generated<string>;
  company: Generated<string>;
  job_title: Generated<string>;
  industry_id: number | null;
  field_ids: Generated<string>;
  biography: Generated<string>;
  photo_att_id: number | null;
  contributions: Generated<string>;
  recommendations: Generated<string>;
  created_at: Millis;
  updated_at: Millis;
  submitted_at: Millis | null;
}

/** A member's MVP application (decision 044): one per member, status 0 draft then the review statuses. */
export interface MvpApplicationsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  status: Generated<number>;
  real_name: Generated<string>;
  company: Generated<string>;
  job_title: Generated<string>;
  field_ids: Generated<string>;
  biography: Generated<string>;
  contributions: Generated<string>;
  created_at: Millis;
  updated_at: Millis;
  submitted_at: Millis | null;
}

/** One awarded MVP term (decision 044): its year, start and end, and when and why it ended. */
export interface MvpAwardsTable {
  id: Generated<number>;
  user_id: number;
  year: number;
  starts_at: Millis;
  ends_at: Millis;
  ended_at: Millis | null;
  end_reason: Generated<string>;
  application_id: number | null;
  created_at: Millis;
}

/**
 * One findable item (decision 039): its plain text and the tokens the search tokeniser made. On
 * PostgreSQL its tsvector is in `search_terms` (decision 046), written and read only by the search engine.
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: string;
  item_id: number;
  /** 0: found on every site (members). */
  site_id: number;
  /** 0 everyone, 1 partners only. */
  audience: Generated<number>;
  /** The item this one belongs to (an e-magazine article's issue); 0 otherwise. */
  parent_id: Generated<number>;
  title: string;
  body: string;
  title_tokens: string;
  body_tokens: string;
  published_at: Millis;
}

export interface PostsTable {
  id: Generated<number>;
  site_id: number;
  author_id: number;
  group_id: number | null;
  board_id: number | null;
  type: Generated<number>;
  title: string;
  summary: Generated<string>;
  content_html: string;
  industry_id: number | null;
  scene_id: number | null;
  source: Generated<number>;
  is_expert: Generated<number>;
  status: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** Linked language versions share one group id (the id of the first version); null when alone. */
  lang_group_id: number | null;
  /** Moderator flags (0/1); pinned while pinned_at is set. */
  hidden: Generated<number>;
  pinned_at: Millis | null;
  featured: Generated<number>;
  locked: Generated<number>;
  /** Soft delete (by the author or a moderator). */
  deleted_at: Millis | null;
  /** A question's accepted answer (a top-level comment of the post). */
  accepted_comment_id: number | null;
  favourite_count: Generated<number>;
  /** Top-level comments (answers); comment_count counts comments and replies. */
  answer_count: Generated<number>;
  last_activity_at: Generated<number>;
  /** The hot sort's key (discussions/hot-score.ts). */
  hot_score: Generated<number>;
}

/** Attachments of a post, in order (no foreign key to attachments). */
export interface PostAttachmentsTable {
  post_id: number;
  attachment_id: number;
  sort: Generated<number>;
}

/** Two levels: parent_id null is a comment (a question's answer), else a reply under that comment. */
export interface PostCommentsTable {
  id: Generated<number>;
  post_id: number;
  site_id: number;
  author_id: number;
  parent_id: number | null;
  /** The member a reply to a reply answers. */
  reply_to_user_id: number | null;
  /** Plain text. */
  content: string;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  hidden: Generated<number>;
  deleted_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface PostLikesTable {
  post_id: number;
  user_id: number;
  created_at: Millis;
}

export interface PostFavouritesTable {
  post_id: number;
  user_id: number;
  created_at: Millis;
}

/** Comments and replies on topic articles: the same two levels as post_comments (platform/comments). */
export interface ArticleCommentsTable {
  id: Generated<number>;
  article_id: number;
  site_id: number;
  author_id: number;
  parent_id: number | null;
  reply_to_user_id: number | null;
  /** Plain text. */
  content: string;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  hidden: Generated<number>;
  deleted_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: Millis;
}

export interface JournalsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  issue_no: string;
  cover_url: Generated<string>;
  summary: Generated<string>;
  published_at: Millis;
  created_at: Millis;
}

export interface CooperationPagesTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  summary: Generated<string>;
  cover_url: Generated<string>;
  body_html: Generated<string>;
  sort: Generated<number>;
  created_at: Millis;
  /** 'programme' or 'case' (decision 045). */
  kind: Generated<string>;
  /** Linked language versions share one group id (the id of the first version); null when alone. */
  lang_group_id: number | null;
  published: Generated<number>;
  updated_at: Generated<Millis>;
}

/** A cooperation page's download: an attachment, partner-only when `partner_only` is 1 (decision 045). */
export interface CooperationFilesTable {
  id: Generated<number>;
  page_id: number;
  attachment_id: number;
  title: string;
  partner_only: Generated<number>;
  sort: Generated<number>;
  created_at: Millis;
}

/** A partner company; `name_key` is the name trimmed and in lower case (unique). */
export interface PartnerCompaniesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  website: Generated<string>;
  summary: Generated<string>;
  listed: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

/** A member of a partner company (one company per member). */
export interface PartnerMembersTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  added_by: number | null;
  created_at: Millis;
}

/** The cooperation application: one per member, a draft (0) then the review statuses (decision 045). */
export interface CooperationApplicationsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  status: Generated<number>;
  company: Generated<string>;
  contact_name: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  intent: Generated<string>;
  company_id: number | null;
  created_at: Millis;
  updated_at: Millis;
  submitted_at: Millis | null;
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

/** A points rule of one site (decisions.md defaults, edited by admins); read whenever points are awarded. */
export interface PointsRulesTable {
  site_id: number;
  rule: string;
  amount: number;
  /** Awards a member may earn by this rule within 24 hours; null: no cap. */
  daily_cap: number | null;
  /** 1 awards, 0 awards nothing. */
  enabled: Generated<number>;
  updated_at: Millis;
}

/** A member's daily sign-in (decision 032): the day of their time zone, as days since 1970-01-01. */
export interface PointsSigninsTable {
  user_id: number;
  day: number;
  /** The site signed in on (its rule awarded the points). */
  site_id: number;
  /** Days in a row up to this one. */
  streak: number;
  created_at: Millis;
}

/** A level a member has reached and been told about (decision 032): the message goes once. */
export interface PointsLevelsReachedTable {
  user_id: number;
  level: number;
  created_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: string;
  target: string;
  purpose: string;
  code_hash: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  attempts: Generated<number>;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  /** 'account' (the sign-in name as typed, normalised) or 'ip'. */
  scope: string;
  key: string;
  created_at: Millis;
}

export interface UserFollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Millis;
}

export interface DevOutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: Generated<string>;
  body: string;
  created_at: Millis;
}

export interface FeedbackTable {
  id: Generated<number>;
  site_id: number;
  user_id: number;
  /** Plain text as the member sent it (never HTML). */
  content: string;
  /** 10 new, 20 handled. */
  status: Generated<number>;
  handled_by: number | null;
  handled_at: Millis | null;
  note: Generated<string>;
  created_at: Millis;
}

/** One in-site message to one member (spec 3 Message). */
export interface MessagesTable {
  id: Generated<number>;
  /** The recipient. */
  user_id: number;
  /** null: shown on both sites. */
  site_id: number | null;
  /** 'broadcast', or a system kind worded at read time from `messages.kinds.<kind>`. */
  kind: string;
  /** JSON object of a system kind's parameters. */
  params: Generated<string>;
  /** A broadcast's title and content as the staff typed them (plain text); '' for system kinds. */
  title: Generated<string>;
  content: Generated<string>;
  url: Generated<string>;
  /** 1 unread, 2 read (MESSAGE_READ). */
  status: Generated<number>;
  broadcast_id: number | null;
  created_at: Millis;
  read_at: Millis | null;
}

/** A staff broadcast: to every active member, to the holders of a role, or to one member. */
export interface BroadcastsTable {
  id: Generated<number>;
  site_id: number | null;
  audience: string;
  role: string | null;
  target_user_id: number | null;
  title: string;
  content: string;
  url: Generated<string>;
  recipient_count: Generated<number>;
  created_by: number | null;
  created_at: Millis;
}

/** A member's report of a post or a comment to the moderators of its board. */
export interface ContentReportsTable {
  id: Generated<number>;
  site_id: number;
  /** 'post' or 'comment'. */
  target_kind: string;
  target_id: number;
  /** The post itself, or the reported comment's post. */
  post_id: number;
  reporter_id: number;
  /** Plain text as the member typed it. */
  reason: string;
  /** 10 open, 20 handled, 30 dismissed. */
  status: Generated<number>;
  handled_by: number | null;
  handled_at: Millis | null;
  note: Generated<string>;
  created_at: Millis;
}

/** An uploaded file (spec 3 "Attachment"), stored under a random key, never under its name. */
export interface AttachmentsTable {
  id: Generated<number>;
  owner_id: number;
  /** The original file name, display only. */
  title: string;
  storage_key: string;
  /** 1 local disk, 2 S3-compatible store. */
  storage: number;
  mime: string;
  size: number;
  /** 'image' | 'media' | 'file'. */
  kind: string;
  created_at: Millis;
  /** 128 random bits (base64url): the second part of the attachment's address, which ids alone do not reach. */
  access_key: string;
  /** When stored content first referred to it; null for an upload not used yet (swept after its grace period). */
  linked_at: Millis | null;
}

/** A direct upload to the S3 store the server issued and that is not registered yet. */
export interface AttachmentUploadsTable {
  id: Generated<number>;
  owner_id: number;
  storage_key: string;
  upload_id: string;
  /** 'image' | 'media' | 'file'. */
  purpose: string;
  declared_size: number;
  created_at: Millis;
  expires_at: Millis;
}

/** The one review queue: an item of some kind (posts now) waiting for, or having had, a decision. */
export interface ReviewItemsTable {
  id: Generated<number>;
  /** 'post'; later 'article', 'journal', 'application'. */
  kind: string;
  item_id: number;
  site_id: number;
  author_id: number;
  /** The item's title when submitted. */
  title: Generated<string>;
  /** 10 pending, 20 approved, 30 rejected, 40 withdrawn. */
  status: Generated<number>;
  /** Why it was rejected; '' otherwise. */
  reason: Generated<string>;
  submitted_at: Millis;
  decided_by: number | null;
  decided_at: Millis | null;
}

/** A raffle campaign of one site (issue 22 item 5, decision 037): its window, chances and "no prize" weight. */
export interface RaffleCampaignsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  description: Generated<string>;
  starts_at: Millis;
  ends_at: Millis;
  /** Free draws per member and day (the member's zone). */
  daily_chances: Generated<number>;
  /** Points per extra chance; 0: none are sold. */
  chance_price: Generated<number>;
  no_prize_weight: Generated<number>;
  /** 0 hidden, 1 shown during its window. */
  enabled: Generated<number>;
  created_by: number | null;
  created_at: Millis;
  updated_at: Millis;
}

/** A prize of a campaign: the stock left (taken by a conditional update) and its weight in the draw. */
export interface RafflePrizesTable {
  id: Generated<number>;
  campaign_id: number;
  name: string;
  image_url: Generated<string>;
  stock: number;
  weight: number;
  sort: Generated<number>;
  created_at: Millis;
}

/** A member's chances in a campaign: the day of their last free draws, how many, and extra chances left. */
export interface RaffleMembersTable {
  campaign_id: number;
  user_id: number;
  /** Days since 1970-01-01 in the member's zone. */
  day: Generated<number>;
  day_draws: Generated<number>;
  extra_chances: Generated<number>;
}

/** The draw log: one row per draw, with the prize won (null: no prize) and the chance it spent. */
export interface RaffleDrawsTable {
  id: Generated<number>;
  campaign_id: number;
  user_id: number;
  prize_id: number | null;
  /** The prize's name when drawn, so the log reads the same after an edit. */
  prize_name: Generated<string>;
  /** 'daily' or 'extra'. */
  chance: string;
  created_at: Millis;
}

export interface DB {
  users: UsersTable;
  user_roles: UserRolesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_bans: UserBansTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  dictionaries: DictionariesTable;
  banners: BannersTable;
  activities: ActivitiesTable;
  topics: TopicsTable;
  topic_articles: TopicArticlesTable;
  topic_follows: TopicFollowsTable;
  topic_daily_views: TopicDailyViewsTable;
  journal_categories: JournalCategoriesTable;
  journal_issues: JournalIssuesTable;
  journal_articles: JournalArticlesTable;
  journal_daily_counts: JournalDailyCountsTable;
  journal_counted: JournalCountedTable;
  journal_submissions: JournalSubmissionsTable;
  expert_fields: ExpertFieldsTable;
  expert_applications: ExpertApplicationsTable;
  mvp_applications: MvpApplicationsTable;
  mvp_awards: MvpAwardsTable;
  search_documents: SearchDocumentsTable;
  topic_article_likes: TopicArticleMarksTable;
  topic_article_favourites: TopicArticleMarksTable;
  posts: PostsTable;
  post_attachments: PostAttachmentsTable;
  post_comments: PostCommentsTable;
  post_likes: PostLikesTable;
  activity_signups: ActivitySignupsTable;
  activity_likes: ActivityLikesTable;
  activity_favourites: ActivityFavouritesTable;
  activity_questions: ActivityQuestionsTable;
  activity_question_likes: ActivityQuestionLikesTable;
  questionnaires: QuestionnairesTable;
  questionnaire_questions: QuestionnaireQuestionsTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  questionnaire_answer_items: QuestionnaireAnswerItemsTable;
  post_favourites: PostFavouritesTable;
  comment_likes: CommentLikesTable;
  article_comments: ArticleCommentsTable;
  article_comment_likes: CommentLikesTable;
  journals: JournalsTable;
  cooperation_pages: CooperationPagesTable;
  cooperation_files: CooperationFilesTable;
  partner_companies: PartnerCompaniesTable;
  partner_members: PartnerMembersTable;
  cooperation_applications: CooperationApplicationsTable;
  pages: PagesTable;
  points_ledger: PointsLedgerTable;
  points_rules: PointsRulesTable;
  points_signins: PointsSigninsTable;
  points_levels_reached: PointsLevelsReachedTable;
  raffle_campaigns: RaffleCampaignsTable;
  raffle_prizes: RafflePrizesTable;
  raffle_members: RaffleMembersTable;
  raffle_draws: RaffleDrawsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  auth_failures: AuthFailuresTable;
  user_follows: UserFollowsTable;
  dev_outbox: DevOutboxTable;
  messages: MessagesTable;
  broadcasts: BroadcastsTable;
  feedback: FeedbackTable;
  review_items: ReviewItemsTable;
  attachments: AttachmentsTable;
  attachment_uploads: AttachmentUploadsTable;
  content_reports: ContentReportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewPost = Insertable<PostsTable>;
