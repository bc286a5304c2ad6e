import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, permission } from './call';
import { PERMISSIONS } from './permissions';
import { isSiteImageUrl, plainLine } from './text-rules';
import { siteImageDataSchema, type SiteImageUploadCall } from './banners';

/**
 * The back office's topics of a site (issue 19, item 7): list (archived ones too), create, edit,
 * order and archive, each write audited; hosts are granted per topic on the roles screen (the
 * `topic_host` role with the topic as its scope). Validation messages are `topics.rules.*` keys.
 */

export const TOPIC_ADMIN_RULE = { titleMax: 200, descMax: 1000, sortMax: 100_000 } as const;

const topicId = lazySchema(() =>
  z
    .number({ message: 'topics.rules.topicRequired' })
    .int({ message: 'topics.rules.topicRequired' })
    .positive({ message: 'topics.rules.topicRequired' })
    .max(ID_MAX, { message: 'topics.rules.topicRequired' }),
);

const topicFields = lazySchema(() => ({
  tt_title: z
    .string({ message: 'topics.rules.topicTitleRule' })
    .transform(plainLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'topics.rules.topicTitleRule' })
        .max(TOPIC_ADMIN_RULE.titleMax, { message: 'topics.rules.topicTitleRule' }),
    ),
  tt_desc: z
    .string({ message: 'topics.rules.topicDescRule' })
    .trim()
    .max(TOPIC_ADMIN_RULE.descMax, { message: 'topics.rules.topicDescRule' })
    .default(''),
  tt_cover_url: z
    .string({ message: 'topics.rules.coverRule' })
    .refine((url) => url === '' || isSiteImageUrl(url), { message: 'topics.rules.coverRule' })
    .default('')
    .describe("'' for none, or a picture of admin.topics.uploadCover (/uploads/...) or a demo picture"),
  tt_sort: z
    .number({ message: 'topics.rules.sortRule' })
    .int({ message: 'topics.rules.sortRule' })
    .min(0, { message: 'topics.rules.sortRule' })
    .max(TOPIC_ADMIN_RULE.sortMax, { message: 'topics.rules.sortRule' })
    .optional()
    .describe('ascending; a new topic goes to the end when omitted'),
}));

export const adminTopicSchema = lazySchema(() =>
  z.object({
    tt_id: z.number(),
    tt_title: z.string(),
    tt_desc: z.string(),
    tt_cover_url: z.string(),
    tt_sort: z.number(),
    tt_article_count: z.number(),
    tt_follower_count: z.number(),
    is_archived: z.boolean(),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
export type AdminTopic = z.infer<typeof adminTopicSchema>;

const MANAGE = permission(PERMISSIONS.topicManage);

export const adminTopicList = defineCall({
  id: 'admin.topics.list',
  scope: 'site',
  path: '/admin/topics/list',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "The managed site's topics in their order, archived ones included",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(adminTopicSchema) })),
});

export const adminTopicCreate = defineCall({
  id: 'admin.topics.create',
  scope: 'site',
  path: '/admin/topics/create',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Creates a topic on the managed site; audited',
  body: lazySchema(() => z.strictObject(topicFields)),
  data: adminTopicSchema,
});

export const adminTopicUpdate = defineCall({
  id: 'admin.topics.update',
  scope: 'site',
  path: '/admin/topics/update',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Edits a topic of the managed site; audited with its state before and after',
  body: lazySchema(() => z.strictObject({ tt_id: topicId, ...topicFields })),
  data: adminTopicSchema,
});

export const adminTopicReorder = defineCall({
  id: 'admin.topics.reorder',
  scope: 'site',
  path: '/admin/topics/reorder',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: "Orders the managed site's topics (every one of them, archived ones too, in the new order); audited",
  body: lazySchema(() =>
    z.strictObject({
      ids: z
        .array(topicId, { message: 'topics.rules.topicRequired' })
        .min(1, { message: 'topics.rules.topicRequired' })
        .max(500, { message: 'topics.rules.topicRequired' }),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminTopicSchema) })),
});

export const adminTopicArchive = defineCall({
  id: 'admin.topics.archive',
  scope: 'site',
  path: '/admin/topics/archive',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Archives a topic (out of the lists and the article form; its pages and articles stay) or opens it again; audited',
  body: lazySchema(() =>
    z.strictObject({ tt_id: topicId, archived: z.boolean({ message: 'topics.rules.archivedRule' }) }),
  ),
  data: adminTopicSchema,
});

/** A topic's cover picture: the banners' image upload, with the topics' permission and its own size. */
export const uploadTopicCover: SiteImageUploadCall = {
  id: 'admin.topics.uploadCover',
  scope: 'site',
  path: '/admin/topics/uploadCover',
  field: 'file',
  write: true,
  access: MANAGE,
  purpose: 'topicCover',
  folder: 'site',
  data: siteImageDataSchema,
};
