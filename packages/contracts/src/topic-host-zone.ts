import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { ID_MAX } from './constants';
import { userBriefSchema } from './home';

/** The topic host zone (issue 19, item 6): its calls, apart from topics.ts so that only its page loads them. */

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

/** The host zone's 30-day chart of a topic. */
export const HOST_ZONE_DAYS = 30;

/** Topics per page of the host zone (a site-wide reviewer sees every topic of the site). */
export const HOST_ZONE_PAGE = 10;

export const hostedTopicSchema = lazySchema(() =>
  z.object({
    tt_id: z.number(),
    tt_title: z.string(),
    tt_article_count: z.number().describe('approved articles'),
    tt_follower_count: z.number(),
    view_count: z.number().describe('views of its approved articles'),
    pending: z
      .array(
        z.object({
          review_id: z.number().describe('for admin.review.decide'),
          ttar_id: z.number(),
          ttar_title: z.string(),
          author: userBriefSchema,
          create_time: isoTime,
        }),
      )
      .describe('articles waiting for review, oldest first'),
    articles: z
      .array(
        z.object({
          ttar_id: z.number(),
          ttar_title: z.string(),
          view_count: z.number(),
          is_featured: z.boolean(),
          publish_time: isoTime.nullable(),
        }),
      )
      .describe('the latest approved articles, to pick featured ones from'),
    days: z
      .array(
        z.object({
          day: z.string().describe('YYYY-MM-DD (UTC)'),
          articles: z.number(),
          followers: z.number(),
          views: z.number().describe("views of the topic's articles"),
        }),
      )
      .describe(`the last ${HOST_ZONE_DAYS} days, oldest first: articles published, new followers and views each day`),
  }),
);
export type HostedTopic = z.infer<typeof hostedTopicSchema>;

export const topicHostZone = defineCall({
  id: 'topic.hostZone',
  scope: 'site',
  path: '/api/topic/hostZone',
  write: false,
  access: MEMBER,
  tag: 'topics',
  summary:
    "The viewer's host zone (/subject/hostZone): the site's topics the viewer hosts (all of them for site-wide reviewers of articles), in the topic list's order and keyset paged, each with its pending articles, its latest approved ones (featured or not), its figures and its last 30 days. An empty list for a member who hosts nothing.",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      limit: z.number().int().min(1).max(HOST_ZONE_PAGE).default(HOST_ZONE_PAGE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(hostedTopicSchema), next_cursor: z.string().nullable() })),
});

export const topicArticleFeature = defineCall({
  id: 'topic.articleFeature',
  scope: 'site',
  path: '/api/topic/articleFeature',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary:
    "A host of the article's topic (or a site-wide reviewer of articles) marks an approved article featured on the topic's page, or unmarks it; 403 for anyone else. Audited.",
  body: lazySchema(() => z.strictObject({ ttar_id: id('topics.rules.articleRequired'), featured: z.boolean() })),
  data: lazySchema(() => z.object({ ttar_id: z.number(), is_featured: z.boolean() })),
});
