import { lazySchema, z } from './zod';
import { defineCall, MEMBER, permission, PUBLIC } from './call';
import { ARTICLE_SOURCE, ID_MAX, PAGE_SIZE } from './constants';
import { userBriefSchema } from './home';
import { PERMISSIONS } from './permissions';
import { isBlankRichText } from './rich-text';
import { droppedImagesSchema } from './uploads';

/**
 * Topics (issue 19; spec 2 subject routes, 3 "Topic article submission", 5 "Topic article form",
 * 7 `/api/topic/articleAdd`; decisions.md "Content and review", "People: topic host"): the topics of
 * a site, their approved articles, following a topic, and topic articles that the topic's hosts (or
 * admins with review.article) review through the one review queue.
 *
 * Every list is keyset paged (`cursor` → `next_cursor`). Validation messages are catalogue keys
 * (`topicForm.*`, `topics.rules.*`); refusals and success toasts come from `topics.api.*`.
 */

/** How many featured articles a topic's page shows. */
export const TOPIC_RULE_FEATURED_MAX = 6;

export const TOPIC_RULE = {
  titleMax: 100,
  /** Sanitised HTML; the editor's 10,000 words with markup fit well within this. */
  contentMax: 200_000,
  sourceUrlMax: 500,
  summaryMax: 200,
} as const;

export const TOPIC_ARTICLE_SORTS = ['latest', 'hot', 'expert'] as const;
export type TopicArticleSort = (typeof TOPIC_ARTICLE_SORTS)[number];

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

// One message per field whatever is wrong with it (missing, wrong type, empty), as spec 5 words it.
const titleSchema = lazySchema(() =>
  z
    .string({ message: 'topicForm.titleInvalid' })
    .trim()
    .min(1, { message: 'topicForm.titleInvalid' })
    .max(TOPIC_RULE.titleMax, { message: 'topics.rules.titleTooLong' })
    .describe(`required, 1 to ${TOPIC_RULE.titleMax} characters after trimming`),
);

const contentSchema = lazySchema(() =>
  z
    .string({ message: 'topicForm.contentInvalid' })
    .max(TOPIC_RULE.contentMax, { message: 'topics.rules.contentTooLong' })
    .refine((html) => !isBlankRichText(html), { message: 'topicForm.contentInvalid' })
    .describe('rich text (HTML), non-blank once tags, whitespace and &nbsp; are removed; sanitised on the server'),
);

/** A reprint's original: an http(s) address. */
export function isArticleSourceUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The topic article form of spec 3 as `/api/topic/articleAdd` takes it; `articleEdit` adds `ttar_id`. */
export const topicArticleFormShape = lazySchema(() => ({
  ttar_title: titleSchema,
  tt_id: id('topicForm.topicRequired').describe("the topic (tt_id of this site's topic list)"),
  ttar_source: z
    .number({ message: 'topics.rules.sourceInvalid' })
    .int({ message: 'topics.rules.sourceInvalid' })
    .positive({ message: 'topics.rules.sourceInvalid' })
    .max(ID_MAX, { message: 'topics.rules.sourceInvalid' })
    .default(ARTICLE_SOURCE.original)
    .describe("10 original, 20 reprint, or a value of the site's article_source_list"),
  ttar_source_url: z
    .string({ message: 'topicForm.sourceUrlInvalid' })
    .trim()
    .max(TOPIC_RULE.sourceUrlMax, { message: 'topicForm.sourceUrlInvalid' })
    .default('')
    .describe("a reprint's original address (http or https); required when ttar_source is 20, ignored otherwise"),
  ttar_content: contentSchema,
  other_lang: z
    .array(id('topics.rules.otherLangInvalid'), { message: 'topics.rules.otherLangInvalid' })
    .max(5, { message: 'topics.rules.otherLangInvalid' })
    .default([])
    .describe('tws_id of other sites to publish linked language versions in (articleAdd only)'),
}));

/** The reprint rule, shared by the form and the server: a reprint (20) names its original. */
function reprintNamesOriginal(form: { ttar_source: number; ttar_source_url: string }, ctx: z.RefinementCtx) {
  if (form.ttar_source === ARTICLE_SOURCE.reprint && !isArticleSourceUrl(form.ttar_source_url)) {
    ctx.addIssue({ code: 'custom', path: ['ttar_source_url'], message: 'topicForm.sourceUrlInvalid' });
  }
}

export const topicArticleFormSchema = lazySchema(() =>
  z.strictObject(topicArticleFormShape).superRefine(reprintNamesOriginal),
);
export type TopicArticleForm = z.input<typeof topicArticleFormSchema>;

export const topicHostSchema = userBriefSchema;

export const topicSummarySchema = lazySchema(() =>
  z.object({
    tt_id: z.number(),
    tws_id: z.number(),
    tt_title: z.string(),
    tt_desc: z.string(),
    tt_cover_url: z.string(),
    tt_article_count: z.number().describe('approved articles'),
    tt_follower_count: z.number(),
    hosts: z.array(topicHostSchema),
    latest_article: z
      .object({ ttar_id: z.number(), ttar_title: z.string(), publish_time: isoTime })
      .nullable()
      .describe('the latest approved article'),
  }),
);
export type TopicListItem = z.infer<typeof topicSummarySchema>;

export const topicPageList = defineCall({
  id: 'topic.list',
  scope: 'site',
  path: '/api/topic/list',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary: 'Topics of the site in their order (sort, then id), with hosts, counts and the latest article; keyset paged',
  body: lazySchema(() => z.strictObject(pageQuery)),
  data: lazySchema(() => z.object({ list: z.array(topicSummarySchema), next_cursor: z.string().nullable() })),
});

const ttIdBody = lazySchema(() => z.strictObject({ tt_id: id('topics.rules.topicRequired') }));

export const topicDetailSchema = lazySchema(() =>
  topicSummarySchema.extend({
    is_followed: z.boolean(),
    is_host: z.boolean().describe('the viewer hosts this topic'),
    featured: z
      .array(z.object({ ttar_id: z.number(), ttar_title: z.string() }))
      .describe(
        `the approved articles its hosts marked featured, latest marked first (at most ${TOPIC_RULE_FEATURED_MAX})`,
      ),
  }),
);
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const topicInfo = defineCall({
  id: 'topic.info',
  scope: 'site',
  path: '/api/topic/info',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary: 'A topic of the site with its hosts and counts, and whether the viewer follows it; 404 otherwise',
  body: ttIdBody,
  data: topicDetailSchema,
});

export const topicArticleSummarySchema = lazySchema(() =>
  z.object({
    ttar_id: z.number(),
    tt_id: z.number(),
    ttar_title: z.string(),
    ttar_summary: z.string().describe('plain-text start of the content'),
    ttar_source: z.number(),
    is_expert: z.number(),
    view_count: z.number(),
    like_count: z.number(),
    favourite_count: z.number(),
    publish_time: isoTime,
    author: userBriefSchema,
  }),
);
export type TopicArticleSummary = z.infer<typeof topicArticleSummarySchema>;

export const topicArticles = defineCall({
  id: 'topic.articles',
  scope: 'site',
  path: '/api/topic/articles',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary:
    "A topic's approved articles: latest (by publish time), hot (by likes) or expert (is_expert 20, latest first); keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      tt_id: id('topics.rules.topicRequired'),
      sort: z.enum(TOPIC_ARTICLE_SORTS, { message: 'topics.rules.sortInvalid' }).default('latest'),
      ...pageQuery,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(topicArticleSummarySchema), next_cursor: z.string().nullable() })),
});

export const topicFollow = defineCall({
  id: 'topic.follow',
  scope: 'site',
  path: '/api/topic/follow',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: "Toggles the viewer's follow of a topic; answers the new state and the follower count",
  body: ttIdBody,
  data: lazySchema(() => z.object({ is_followed: z.boolean(), tt_follower_count: z.number() })),
});

const labelValue = lazySchema(() => z.object({ label: z.string(), value: z.number() }));

/** The form's lists (spec 3: topic list entries tt_id/tt_title; spec 7 "post form config"'s article_source_list, other_lang). */
export const topicFormConfig = defineCall({
  id: 'topic.formConfig',
  scope: 'site',
  path: '/api/topic/formConfig',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary:
    "The topic article form's lists: the site's topics (tt_id, tt_title), article sources (10 original, 20 reprint, or the site's source list), the other sites for language versions, and the viewer's user_expert",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      topic_list: z.array(z.object({ tt_id: z.number(), tt_title: z.string() })),
      article_source_list: z.array(labelValue),
      other_lang: z.array(z.object({ tws_id: z.number(), tws_name: z.string() })),
      user_expert: z.number(),
      source_default: z.number(),
    }),
  ),
});

const articleSaved = lazySchema(() =>
  z.object({
    ttar_id: z.number(),
    status: z.number().describe('10 pending review'),
    linked: z.array(z.object({ tws_id: z.number(), ttar_id: z.number(), status: z.number() })),
    dropped_images: droppedImagesSchema,
  }),
);

export const topicArticleAdd = defineCall({
  id: 'topic.articleAdd',
  // Spec 7 lists `/api/topic/articleAdd` without a site: the site comes from the siteData cookie.
  scope: 'global',
  path: '/api/topic/articleAdd',
  write: true,
  access: permission(PERMISSIONS.articlePublish, { completeInformation: true }),
  tag: 'topics',
  summary:
    "Submits a topic article (spec 3 form) for review by the topic's hosts: status 10. Rich text is sanitised; the topic is one of the site's; a reprint (20) names its original (ttar_source_url); is_expert is 20 when the author is an expert; other_lang creates linked versions on those sites (in the topic of the same title there, else refused naming other_lang), each reviewed on its own site. msg is the success toast.",
  body: topicArticleFormSchema,
  data: articleSaved,
});

export const topicArticleEdit = defineCall({
  id: 'topic.articleEdit',
  scope: 'site',
  path: '/api/topic/articleEdit',
  write: true,
  access: permission(PERMISSIONS.articlePublish, { completeInformation: true }),
  tag: 'topics',
  summary:
    "Edits the author's own article (403 otherwise; this language version only) and submits it for review again (10); an approved article goes back to review too",
  body: lazySchema(() =>
    z
      .strictObject({ ttar_id: id('topics.rules.articleRequired'), ...topicArticleFormShape })
      .superRefine(reprintNamesOriginal),
  ),
  data: lazySchema(() => articleSaved.omit({ linked: true })),
});

const ttarIdBody = lazySchema(() => z.strictObject({ ttar_id: id('topics.rules.articleRequired') }));

export const topicArticleWithdraw = defineCall({
  id: 'topic.articleWithdraw',
  scope: 'site',
  path: '/api/topic/articleWithdraw',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: "Withdraws the author's own article while it is pending review (status 40); refused (201) otherwise",
  body: ttarIdBody,
  data: lazySchema(() => z.object({ ttar_id: z.number(), status: z.number() })),
});

export const topicArticleDelete = defineCall({
  id: 'topic.articleDelete',
  scope: 'site',
  path: '/api/topic/articleDelete',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: "Deletes the author's own article (soft); the points an approved article earned go back",
  body: ttarIdBody,
  data: lazySchema(() => z.null()),
});

export const linkedArticleSchema = lazySchema(() =>
  z.object({ tws_id: z.number(), ttar_id: z.number(), lang: z.string() }),
);

export const topicArticleDetailSchema = lazySchema(() =>
  z.object({
    ttar_id: z.number(),
    tws_id: z.number(),
    tt_id: z.number(),
    tt_title: z.string(),
    ttar_title: z.string(),
    ttar_summary: z.string(),
    ttar_content: z.string().describe('sanitised HTML'),
    ttar_source: z.number().describe('10 original, 20 reprint, or a value of the site list'),
    ttar_source_name: z.string(),
    ttar_source_url: z.string(),
    is_expert: z.number(),
    status: z.number().describe('10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    review_reason: z.string().nullable().describe('reason of a rejection, for the author and reviewers only'),
    is_preview: z.boolean().describe('not public: only its author and its reviewers see it'),
    is_mine: z.boolean(),
    can_moderate: z.boolean().describe("the viewer reviews the article's topic: may delete anyone's comment on it"),
    view_count: z.number(),
    like_count: z.number(),
    favourite_count: z.number(),
    comment_count: z.number().describe('comments and replies'),
    is_liked: z.boolean(),
    is_favourited: z.boolean(),
    author: userBriefSchema.extend({ user_expert: z.number() }),
    linked: z.array(linkedArticleSchema).describe('the other language versions that are public (or the viewer’s own)'),
    publish_time: isoTime.nullable(),
    create_time: isoTime,
    update_time: isoTime,
  }),
);
export type TopicArticleDetail = z.infer<typeof topicArticleDetailSchema>;

export const topicArticleInfo = defineCall({
  id: 'topic.articleInfo',
  scope: 'site',
  path: '/api/topic/articleInfo',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary:
    "A topic article of the site: public once approved; otherwise only its author (unless deleted) and the topic's reviewers see it (is_preview), others get 404. Counts a view of a public article, once per member (or, for a visitor, per address) in ten minutes.",
  body: ttarIdBody,
  data: topicArticleDetailSchema,
});

export const topicArticleLike = defineCall({
  id: 'topic.articleLike',
  scope: 'site',
  path: '/api/topic/articleLike',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: 'Toggles the viewer’s like of an approved article; answers the new state and count',
  body: ttarIdBody,
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});

export const topicArticleFavourite = defineCall({
  id: 'topic.articleFavourite',
  scope: 'site',
  path: '/api/topic/articleFavourite',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: 'Toggles the viewer’s favourite of an approved article; answers the new state and count',
  body: ttarIdBody,
  data: lazySchema(() => z.object({ is_favourited: z.boolean(), favourite_count: z.number() })),
});

/** The catalogue keys of the success toasts. */
export const TOPIC_MSG = {
  submitted: 'topics.api.submitted',
  updated: 'topics.api.updated',
  deleted: 'topics.api.deleted',
  withdrawn: 'topics.api.withdrawn',
} as const;

/** The web's pages of a topic and an article (decision 026); the topic's own in topic-paths.ts, which the events' pages load without this module. */
export { topicActivitiesPath, topicPath } from './topic-paths';
export const topicArticlePath = (prefix: string, ttarId: number) => `/${prefix}/subject/article/${ttarId}`;
