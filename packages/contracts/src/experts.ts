import { z } from './zod';
import { defineCall, PUBLIC } from './call';
import { userBriefSchema } from './home';
import { pageOf, pageQuerySchema } from './pagination';

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

export const expertsCalls = [mvpList] as const;
