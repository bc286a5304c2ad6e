import { lazySchema, z } from './zod';
import { defineCall, PUBLIC } from './call';
import { userBriefSchema } from './home';

/**
 * The MVPs by award year on the MVP page (decision 044). Apart from the application's calls
 * (`mvp.ts`), so that the page's start JavaScript carries only this call's schemas.
 */

export const mvpAwardItemSchema = lazySchema(() =>
  userBriefSchema.extend({
    award_id: z.number(),
    year: z.number(),
    start_time: z.string(),
    end_time: z.string(),
    current: z.boolean().describe('the term has not ended'),
  }),
);
export type MvpAwardItem = z.infer<typeof mvpAwardItemSchema>;

export const mvpAwards = defineCall({
  id: 'stationed.mvpAwards',
  scope: 'site',
  path: '/api/stationed/mvpAwards',
  write: false,
  access: PUBLIC,
  tag: 'experts',
  summary:
    'MVPs by award year (the latest year by default), newest award first, keyset paged; the years that have MVPs',
  body: lazySchema(() =>
    z.strictObject({
      year: z.number().int().min(2000).max(9999).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).default(24),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      years: z.array(z.number()),
      year: z.number().nullable(),
      list: z.array(mvpAwardItemSchema),
      next_cursor: z.string().nullable(),
    }),
  ),
});
