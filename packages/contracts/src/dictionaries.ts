import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, permission, PUBLIC } from './call';
import { PERMISSIONS } from './permissions';
import { plainLine } from './text-rules';

/**
 * The site dictionaries that feed forms and filters (decisions.md: industries, scenes, sources, areas,
 * boards), and search's synonyms: each entry one group of words that mean the same, separated by
 * commas (`对象存储, object storage`, decision 039).
 */
export const DICTIONARY_KINDS = ['industry', 'scene', 'source', 'area', 'board', 'synonym'] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** One entry: `value` is the dictionary id that forms send back (e.g. `user_industry`, `tp_hy_dd_id`). */
export const dictionaryEntrySchema = lazySchema(() => z.object({ label: z.string(), value: z.number() }));
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

export const dictList = defineCall({
  id: 'dict.list',
  scope: 'site',
  path: '/api/dict/list',
  write: false,
  access: PUBLIC,
  tag: 'dictionaries',
  summary: "One dictionary of the site, in the site's order (label/value pairs)",
  body: lazySchema(() => z.strictObject({ kind: z.enum(DICTIONARY_KINDS) })),
  data: lazySchema(() => z.object({ list: z.array(dictionaryEntrySchema) })),
});

/*
 * The back office's dictionary calls (issue 4; admin.md). Entries belong to one site, so each
 * language keeps its own list. Forms send an entry's `dd_id` (the id `dict.list` answers as `value`);
 * `value` is the entry's stable code within its kind (the spec's 10/20 for sources).
 */

export const DICTIONARY_RULE = {
  labelMax: 64,
  valueMax: 2_147_483_647,
  sortMax: 1_000_000,
  /** Entries per kind and site: the back office edits and orders a kind as one list. */
  maxPerKind: 500,
} as const;

const dictionaryKind = lazySchema(() => z.enum(DICTIONARY_KINDS, { message: 'siteAdmin.dictionaries.kindRule' }));
const dictionaryId = lazySchema(() =>
  z
    .number({ message: 'siteAdmin.dictionaries.idRule' })
    .int({ message: 'siteAdmin.dictionaries.idRule' })
    .positive({ message: 'siteAdmin.dictionaries.idRule' })
    .max(ID_MAX, { message: 'siteAdmin.dictionaries.idRule' }),
);
const dictionaryLabel = lazySchema(() =>
  z
    .string({ message: 'siteAdmin.dictionaries.labelRule' })
    .transform(plainLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'siteAdmin.dictionaries.labelRule' })
        .max(DICTIONARY_RULE.labelMax, { message: 'siteAdmin.dictionaries.labelRule' }),
    ),
);
const dictionaryValue = lazySchema(() =>
  z
    .number({ message: 'siteAdmin.dictionaries.valueRule' })
    .int({ message: 'siteAdmin.dictionaries.valueRule' })
    .min(1, { message: 'siteAdmin.dictionaries.valueRule' })
    .max(DICTIONARY_RULE.valueMax, { message: 'siteAdmin.dictionaries.valueRule' }),
);
const dictionarySort = lazySchema(() =>
  z
    .number({ message: 'siteAdmin.dictionaries.sortRule' })
    .int({ message: 'siteAdmin.dictionaries.sortRule' })
    .min(0, { message: 'siteAdmin.dictionaries.sortRule' })
    .max(DICTIONARY_RULE.sortMax, { message: 'siteAdmin.dictionaries.sortRule' }),
);

export const adminDictionaryEntrySchema = lazySchema(() =>
  z.object({
    dd_id: z.number().describe('the id forms send (tp_hy_dd_id, user_industry, ...)'),
    kind: z.enum(DICTIONARY_KINDS),
    label: z.string(),
    value: z.number().describe("the entry's stable code within its kind"),
    sort: z.number().describe('ascending; the list is answered in this order'),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
export type AdminDictionaryEntry = z.infer<typeof adminDictionaryEntrySchema>;

/** What keeps an entry from being deleted: how many rows of the portal refer to it. */
export const dictionaryUsageSchema = lazySchema(() =>
  z.object({
    members: z.number().describe('members whose industry it is'),
    posts: z.number().describe('posts filed under it (industry, scene, board or source)'),
    articles: z.number().describe('topic articles with it as source'),
    moderators: z.number().describe('moderator grants for the board'),
    events: z.number().describe('events in the area'),
    submissions: z.number().describe('e-magazine submissions filed under it (industry or scene)'),
  }),
);
export type DictionaryUsage = z.infer<typeof dictionaryUsageSchema>;

export const adminDictionaryList = defineCall({
  id: 'admin.dictionaries.list',
  scope: 'site',
  path: '/admin/dictionaries/list',
  write: false,
  access: permission(PERMISSIONS.dictionaryManage),
  tag: 'admin',
  summary: `Every entry of one dictionary of the site, in order (at most ${DICTIONARY_RULE.maxPerKind} per kind)`,
  body: lazySchema(() => z.strictObject({ kind: dictionaryKind })),
  data: lazySchema(() => z.object({ list: z.array(adminDictionaryEntrySchema) })),
});

export const adminDictionaryCreate = defineCall({
  id: 'admin.dictionaries.create',
  scope: 'site',
  path: '/admin/dictionaries/create',
  write: true,
  access: permission(PERMISSIONS.dictionaryManage),
  tag: 'admin',
  summary:
    'Adds an entry to a dictionary of the site. `value` defaults to the next free integer of the kind, `sort` to the end of the list; a label or value already in the kind is refused (201). Audited.',
  body: lazySchema(() =>
    z.strictObject({
      kind: dictionaryKind,
      label: dictionaryLabel,
      value: dictionaryValue.optional(),
      sort: dictionarySort.optional(),
    }),
  ),
  data: adminDictionaryEntrySchema,
});

export const adminDictionaryUpdate = defineCall({
  id: 'admin.dictionaries.update',
  scope: 'site',
  path: '/admin/dictionaries/update',
  write: true,
  access: permission(PERMISSIONS.dictionaryManage),
  tag: 'admin',
  summary:
    "Renames an entry or changes its value or sort; omitted fields stay. A source's value that posts or articles use cannot change (201). Renaming an area renames it on its events. Audited.",
  body: lazySchema(() =>
    z.strictObject({
      dd_id: dictionaryId,
      label: dictionaryLabel.optional(),
      value: dictionaryValue.optional(),
      sort: dictionarySort.optional(),
    }),
  ),
  data: adminDictionaryEntrySchema,
});

export const adminDictionaryDelete = defineCall({
  id: 'admin.dictionaries.delete',
  scope: 'site',
  path: '/admin/dictionaries/delete',
  write: true,
  access: permission(PERMISSIONS.dictionaryManage),
  tag: 'admin',
  summary:
    'Deletes an entry nothing refers to. An entry in use (members, posts, topic articles, moderator grants, events) is refused with status 201, the msg naming the uses and `data.usage` counting them. Audited.',
  body: lazySchema(() => z.strictObject({ dd_id: dictionaryId })),
  data: lazySchema(() => z.object({ dd_id: z.number() })),
});

export const adminDictionaryReorder = defineCall({
  id: 'admin.dictionaries.reorder',
  scope: 'site',
  path: '/admin/dictionaries/reorder',
  write: true,
  access: permission(PERMISSIONS.dictionaryManage),
  tag: 'admin',
  summary:
    'Puts the entries of one kind in the given order (sort 1..n). `ids` must be every entry of the kind exactly once; a list changed meanwhile is refused (201). Audited.',
  body: lazySchema(() =>
    z.strictObject({
      kind: dictionaryKind,
      ids: z
        .array(dictionaryId, { message: 'siteAdmin.dictionaries.idsRule' })
        .min(1, { message: 'siteAdmin.dictionaries.idsRule' })
        .max(DICTIONARY_RULE.maxPerKind, { message: 'siteAdmin.dictionaries.idsRule' })
        .refine((ids) => new Set(ids).size === ids.length, { message: 'siteAdmin.dictionaries.idsRule' }),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminDictionaryEntrySchema) })),
});

export const dictionariesAdminCalls = [
  adminDictionaryList,
  adminDictionaryCreate,
  adminDictionaryUpdate,
  adminDictionaryDelete,
  adminDictionaryReorder,
] as const;
