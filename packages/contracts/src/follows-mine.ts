import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { PAGE_SIZE } from './constants';
import { userBriefSchema } from './home';

/**
 * The personal centre's follows and fans (issue 22 item 4): whom the member follows and who follows
 * them, each with whether the follow goes both ways, so a fan can be followed back with
 * `userfollow/add`. The member is the session's; a body never names one.
 */

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

export const followRowSchema = lazySchema(() =>
  userBriefSchema.extend({
    have_be_follow: z.number().describe('1 when the viewer follows this member (spec 3), else 0'),
    follows_me: z.number().describe('1 when this member follows the viewer, else 0'),
    user_fans_count: z.number(),
    follow_time: z.string().describe('ISO 8601 time the follow began'),
  }),
);
export type FollowRow = z.infer<typeof followRowSchema>;

const pageOfFollows = lazySchema(() =>
  z.object({ list: z.array(followRowSchema), next_cursor: z.string().nullable() }),
);

export const followMyFollows = defineCall({
  id: 'userfollow.myFollows',
  scope: 'site',
  path: '/userfollow/myFollows',
  write: false,
  access: MEMBER,
  tag: 'accounts',
  summary: 'The members the viewer follows, latest follow first; active members only; keyset paged',
  body: lazySchema(() => z.strictObject(pageQuery)),
  data: pageOfFollows,
});

export const followMyFans = defineCall({
  id: 'userfollow.myFans',
  scope: 'site',
  path: '/userfollow/myFans',
  write: false,
  access: MEMBER,
  tag: 'accounts',
  summary:
    'The members who follow the viewer (fans), latest first, each with have_be_follow (the viewer follows back); active members only; keyset paged',
  body: lazySchema(() => z.strictObject(pageQuery)),
  data: pageOfFollows,
});
