import { z } from './zod';
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

export const expertMemberSchema = userBriefSchema.extend({
  user_company: z.string(),
  user_job_title: z.string(),
  post_count: z.number().describe('published posts on this site'),
  topic_article_count: z.number().describe('approved topic articles on this site'),
  roles: z
    .array(z.enum(EXPERT_PROGRAMME_ROLES))
    .describe("'mvp' (MVP of this site or of every site) and/or 'expert' (expert role or user_expert 20)"),
});
export type ExpertMember = z.infer<typeof expertMemberSchema>;

export const mvpList = defineCall({
  id: 'stationed.mvpList',
  scope: 'site',
  path: '/api/stationed/mvpList',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary: 'Active MVPs and resident experts of the site, most points first, keyset paged',
  body: pageQuerySchema.extend({
    kind: z.enum(EXPERT_LIST_KINDS).default('all').describe('mvp, expert or all'),
  }),
  data: pageOf(expertMemberSchema),
});

/** A resident expert as the experts directory's card shows them (spec 2 `stationed/index`). */
export const expertCardSchema = userBriefSchema.extend({
  user_company: z.string(),
  user_job_title: z.string(),
  user_industry: z.number().nullable().describe("the member's industry (an entry of the industry dictionary)"),
  field_ids: z.array(z.number()).describe('fields of expertise: entries of the scene dictionary'),
  topic_article_count: z.number().describe('approved topic articles on this site'),
  answer_count: z.number().describe('answers to published questions on this site'),
  user_fans_count: z.number().describe('members following this expert'),
  have_be_follow: z.number().describe('1 when the viewer follows this expert'),
});
export type ExpertCard = z.infer<typeof expertCardSchema>;

const dictionaryFilter = z.number().int().min(1).max(ID_MAX);

export const expertDirectory = defineCall({
  id: 'stationed.expertList',
  scope: 'site',
  path: '/api/stationed/expertList',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary:
    'Resident experts (user_expert 20 or the expert role), most followed first, by industry and field of expertise, keyset paged',
  body: pageQuerySchema.extend({
    industry: dictionaryFilter.optional().describe('an industry dictionary id (dict.list kind industry)'),
    field: dictionaryFilter.optional().describe('a field of expertise: a scene dictionary id (dict.list kind scene)'),
  }),
  data: pageOf(expertCardSchema),
});

export const expertsCalls = [mvpList, expertDirectory] as const;
