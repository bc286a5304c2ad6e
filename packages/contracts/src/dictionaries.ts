import { z } from './zod';
import { defineCall, PUBLIC } from './call';

/** The site dictionaries that feed forms and filters (decisions.md: industries, scenes, sources, areas, boards). */
export const DICTIONARY_KINDS = ['industry', 'scene', 'source', 'area', 'board'] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** One entry: `value` is the dictionary id that forms send back (e.g. `user_industry`, `tp_hy_dd_id`). */
export const dictionaryEntrySchema = z.object({ label: z.string(), value: z.number() });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

export const dictList = defineCall({
  id: 'dict.list',
  scope: 'site',
  path: '/api/dict/list',
  write: false,
  access: PUBLIC,
  tag: 'dictionaries',
  summary: "One dictionary of the site, in the site's order (label/value pairs)",
  body: z.strictObject({ kind: z.enum(DICTIONARY_KINDS) }),
  data: z.object({ list: z.array(dictionaryEntrySchema) }),
});
