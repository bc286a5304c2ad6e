import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, PUBLIC } from './call';
import { pageOf, pageQuerySchema } from './pagination';

const emptyBody = lazySchema(() => z.strictObject({}));
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const userBriefSchema = lazySchema(() =>
  z.object({
    user_id: z.number(),
    user_nick_name: z.string(),
    user_avatar_att_url: z.string(),
    user_points_level: z.number(),
    user_logo_arr: z.array(z.number()),
    user_medal: z.number(),
  }),
);
export type UserBrief = z.infer<typeof userBriefSchema>;

export const bannerSchema = lazySchema(() =>
  z.object({
    tb_id: z.number(),
    tb_title: z.string(),
    tb_img_url: z.string(),
    tb_link_url: z.string(),
    tb_sort: z.number(),
  }),
);
export type Banner = z.infer<typeof bannerSchema>;

export const bannerList = defineCall({
  id: 'banner.list',
  scope: 'site',
  path: '/api/banner/list',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Banners of the site that are live now, in order',
  body: emptyBody,
  data: lazySchema(() => z.object({ list: z.array(bannerSchema) })),
});

export const indexStats = defineCall({
  id: 'index.indexStats',
  scope: 'site',
  path: '/api/index/indexStats',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Counts shown on the home page',
  body: emptyBody,
  data: lazySchema(() =>
    z.object({
      member_count: z.number(),
      expert_count: z.number(),
      activity_count: z.number(),
      topic_article_count: z.number(),
      post_count: z.number(),
    }),
  ),
});

export const activitySummarySchema = lazySchema(() =>
  z.object({
    ta_id: z.number(),
    ta_title: z.string(),
    ta_cover_url: z.string(),
    ta_is_online: z.boolean(),
    ta_address: z.string(),
    ta_start_time: isoTime,
    ta_end_time: isoTime,
    ta_signup_start_time: isoTime,
    ta_signup_end_time: isoTime,
    ta_state: z.number().describe('10 not started, 20 registering, 30 in progress, 40 ended; derived from time'),
    ta_signup_count: z.number(),
    ta_capacity: z.number(),
  }),
);
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

export const activityList = defineCall({
  id: 'index.activityList',
  scope: 'site',
  path: '/api/index/activityList',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Latest events of the site',
  body: lazySchema(() => z.strictObject({ limit: z.number().int().min(1).max(20).default(4) })),
  data: lazySchema(() => z.object({ list: z.array(activitySummarySchema) })),
});

export const topicSummarySchema = lazySchema(() =>
  z.object({
    tt_id: z.number(),
    tt_title: z.string(),
    tt_desc: z.string(),
    tt_cover_url: z.string(),
    tt_article_count: z.number(),
  }),
);
export type TopicSummary = z.infer<typeof topicSummarySchema>;

export const topicList = defineCall({
  id: 'index.topicList',
  scope: 'site',
  path: '/api/index/topicList',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Topics of the site (also feeds the topic-article form: tt_id, tt_title)',
  body: lazySchema(() => z.strictObject({ limit: z.number().int().min(1).max(50).default(6) })),
  data: lazySchema(() => z.object({ topic_list: z.array(topicSummarySchema) })),
});

export const postSummarySchema = lazySchema(() =>
  z.object({
    tp_id: z.number(),
    tws_id: z.number(),
    tp_title: z.string(),
    tp_summary: z.string(),
    tp_type: z.number().describe('10 discussion, 20 question'),
    tp_board_id: z.number().nullable(),
    tp_hy_dd_id: z.number().nullable(),
    tp_cj_dd_id: z.number().nullable(),
    is_expert: z.number(),
    is_pinned: z.boolean(),
    is_featured: z.boolean(),
    is_locked: z.boolean(),
    has_accepted: z.boolean().describe('a question with an accepted answer'),
    create_time: isoTime,
    last_activity_time: isoTime,
    view_count: z.number(),
    like_count: z.number(),
    favourite_count: z.number(),
    comment_count: z.number().describe('comments and replies'),
    answer_count: z.number().describe('top-level comments (answers of a question)'),
    author: userBriefSchema,
  }),
);
export type PostSummary = z.infer<typeof postSummarySchema>;

/** Sorts of the discussions list: newest, hot (engagement decayed by age), unanswered (no comment yet). */
export const POST_LIST_SORTS = ['latest', 'hot', 'unanswered'] as const;

const listFilterId = (message: string) =>
  z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });

export const postList = defineCall({
  id: 'index.postList',
  scope: 'site',
  path: '/api/index/postList',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary:
    'Published, visible posts of the site, keyset paged (15 a page): filter by board, industry, scene, type; sort latest, hot or unanswered. With with_pinned, the first page (no cursor) also answers the pinned posts matching the filters in `pinned`, and the list leaves pinned posts out; without it pinned posts are in the list like any other (the home page).',
  body: lazySchema(() =>
    pageQuerySchema.extend({
      tp_board_id: listFilterId('discuss.rules.boardInvalid').optional(),
      tp_hy_dd_id: listFilterId('discuss.rules.industryInvalid').optional(),
      tp_cj_dd_id: listFilterId('discuss.rules.sceneInvalid').optional(),
      tp_type: z.union([z.literal(10), z.literal(20)], { message: 'discuss.rules.typeInvalid' }).optional(),
      sort: z.enum(POST_LIST_SORTS, { message: 'discuss.rules.sortInvalid' }).default('latest'),
      with_pinned: z.boolean().default(false),
    }),
  ),
  data: lazySchema(() => pageOf(postSummarySchema).extend({ pinned: z.array(postSummarySchema) })),
});

export const livelyUserSchema = lazySchema(() => userBriefSchema.extend({ recent_points: z.number() }));
export type LivelyUser = z.infer<typeof livelyUserSchema>;

export const livelyUserList = defineCall({
  id: 'index.livelyUserList',
  scope: 'site',
  path: '/api/index/livelyUserList',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Members who earned the most points in the last 30 days',
  body: lazySchema(() => z.strictObject({ limit: z.number().int().min(1).max(20).default(8) })),
  data: lazySchema(() => z.object({ list: z.array(livelyUserSchema) })),
});

export const uploadConfigSchema = lazySchema(() => z.object({ fileSize: z.number(), fileLimit: z.number() }));

export const commonData = defineCall({
  id: 'index.commonData',
  scope: 'site',
  path: '/api/index/commonData',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'Site-wide settings the shell needs: footer, upload limits, page size',
  body: emptyBody,
  data: lazySchema(() =>
    z.object({
      contact_email: z.string(),
      website: z.string(),
      qr_code_url: z.string(),
      copyright: z.string(),
      image_config: uploadConfigSchema,
      file_config: uploadConfigSchema,
      page_size: z.number(),
      search_max: z.number(),
      permission_switch: z.boolean(),
    }),
  ),
});

export const languageOptionSchema = lazySchema(() =>
  z.object({ twss_lang: z.string(), tws_name: z.string(), tws_id: z.number() }),
);

export const currSiteData = defineCall({
  id: 'index.currSiteData',
  scope: 'site',
  path: '/api/index/currSiteData',
  write: false,
  access: PUBLIC,
  tag: 'home',
  summary: 'The current site and the language options',
  body: emptyBody,
  data: lazySchema(() =>
    z.object({
      tws_id: z.number(),
      apply_site: z.string(),
      twss_lang: z.string(),
      tws_name: z.string(),
      lang_list: z.array(languageOptionSchema),
    }),
  ),
});

export const homeCalls = [
  bannerList,
  indexStats,
  activityList,
  topicList,
  postList,
  livelyUserList,
  commonData,
  currSiteData,
] as const;
