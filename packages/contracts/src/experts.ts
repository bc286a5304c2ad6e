import { lazySchema, z } from './zod';
import { defineCall, PUBLIC } from './call';
import { userBriefSchema } from './home';
import { pageOf, pageQuerySchema } from './pagination';
import { ID_MAX } from './constants';

/** Which programme the MVP page lists: MVPs, resident experts, or both (the default). */
export const EXPERT_LIST_KINDS = ['all', 'mvp', 'expert'] as const;
export type ExpertListKind = (typeof EXPERT_LIST_KINDS)[number];

/** The programmes a listed member belongs to on this site. */
export const EXPERT_PROGRAMME_ROLES = ['expert', 'mvp'] as const;
export type ExpertProgrammeRole = (typeof EXPERT_PROGRAMME_ROLES)[number];

export const expertMemberSchema = lazySchema(() =>
  userBriefSchema.extend({
    user_company: z.string(),
    user_job_title: z.string(),
    post_count: z.number().describe('published posts on this site'),
    topic_article_count: z.number().describe('approved topic articles on this site'),
    roles: z
      .array(z.enum(EXPERT_PROGRAMME_ROLES))
      .describe("'mvp' (MVP of this site or of every site) and/or 'expert' (expert role or user_expert 20)"),
  }),
);
export type ExpertMember = z.infer<typeof expertMemberSchema>;

export const mvpList = defineCall({
  id: 'stationed.mvpList',
  scope: 'site',
  path: '/api/stationed/mvpList',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary: 'Active MVPs and resident experts of the site, most points first, keyset paged',
  body: lazySchema(() =>
    pageQuerySchema.extend({
      kind: z.enum(EXPERT_LIST_KINDS).default('all').describe('mvp, expert or all'),
    }),
  ),
  data: lazySchema(() => pageOf(expertMemberSchema)),
});

/** A resident expert as the experts directory's card shows them (spec 2 `stationed/index`). */
export const expertCardSchema = lazySchema(() =>
  userBriefSchema.extend({
    user_company: z.string(),
    user_job_title: z.string(),
    user_industry: z.number().nullable().describe("the member's industry (an entry of the industry dictionary)"),
    field_ids: z.array(z.number()).describe('fields of expertise: entries of the scene dictionary'),
    topic_article_count: z.number().describe('approved topic articles on this site'),
    answer_count: z.number().describe('answers to published questions on this site'),
    user_fans_count: z.number().describe('members following this expert'),
    have_be_follow: z.number().describe('1 when the viewer follows this expert'),
  }),
);
export type ExpertCard = z.infer<typeof expertCardSchema>;

const dictionaryFilter = lazySchema(() => z.number().int().min(1).max(ID_MAX));

export const expertDirectory = defineCall({
  id: 'stationed.expertList',
  scope: 'site',
  path: '/api/stationed/expertList',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary:
    'Resident experts (user_expert 20 or the expert role), most followed first, by industry and field of expertise, keyset paged',
  body: lazySchema(() =>
    pageQuerySchema.extend({
      industry: dictionaryFilter.optional().describe('an industry dictionary id (dict.list kind industry)'),
      field: dictionaryFilter.optional().describe('a field of expertise: a scene dictionary id (dict.list kind scene)'),
    }),
  ),
  data: lazySchema(() => pageOf(expertCardSchema)),
});

/**
 * An expert page's tabs and sorts (decision 034): `/{lang}/stationed/info/{id}/{tab}/{type}`. Events
 * name no speakers, so there is no events tab.
 */
export const EXPERT_TABS = ['articles', 'posts', 'answers'] as const;
export type ExpertTab = (typeof EXPERT_TABS)[number];
export const EXPERT_SORTS = ['new', 'hot'] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];

const expertId = lazySchema(() => z.number().int().min(1).max(ID_MAX));

export const expertProfileSchema = lazySchema(() =>
  expertCardSchema.extend({
    post_count: z.number().describe('published discussion posts on this site'),
  }),
);
export type ExpertProfile = z.infer<typeof expertProfileSchema>;

export const expertInfo = defineCall({
  id: 'stationed.expertInfo',
  scope: 'site',
  path: '/api/stationed/expertInfo',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary: "A resident expert's profile: card, fields, counts and the viewer's follow; 404 for anyone who is not one",
  body: lazySchema(() => z.strictObject({ user_id: expertId })),
  data: expertProfileSchema,
});

export const expertContentItemSchema = lazySchema(() =>
  z.object({
    id: z.number().describe('the article, post or answer'),
    target_id: z.number().describe('what it links to: the article, the post, or the question answered'),
    title: z.string(),
    excerpt: z.string().describe("plain text: a post's summary or an answer's start; '' for an article"),
    like_count: z.number(),
    comment_count: z.number().describe("comments, or an answer's replies"),
    create_time: z.string().describe('ISO 8601: published (articles) or written'),
  }),
);
export type ExpertContentItem = z.infer<typeof expertContentItemSchema>;

export const expertContent = defineCall({
  id: 'stationed.expertContent',
  scope: 'site',
  path: '/api/stationed/expertContent',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary:
    "One tab of an expert's page: their articles, posts or answers on this site, newest or most liked first, keyset paged",
  body: lazySchema(() =>
    pageQuerySchema.extend({
      user_id: expertId,
      tab: z.enum(EXPERT_TABS),
      type: z.enum(EXPERT_SORTS).default('new'),
    }),
  ),
  data: lazySchema(() => pageOf(expertContentItemSchema)),
});

export const expertsCalls = [mvpList, expertDirectory, expertInfo, expertContent] as const;
