import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { summaryOf } from '../../lib/sanitize';
import { searchEngineFor, type IndexedDocument, type SearchDocument, type SearchKind } from './search-engine';
import { indexTokens } from './tokenizer';

/** The plain text kept of an item: enough for every snippet and for the words that matter. */
export const SEARCH_BODY_MAX = 20_000;

/**
 * One kind of findable item, registered by the domain that owns it (its `*.contributions.ts`), so the
 * search never reads another domain's tables. The domain calls `refreshSearch` with it in the
 * transaction of every write that changes what may be found (publish, edit, approve, hide, delete).
 */
export interface SearchSource {
  kind: SearchKind;
  /**
   * The documents of those of `itemIds` that anyone may find now (approved, not hidden, not
   * deleted); an item left out is taken out of the index.
   */
  documents(executor: Executor, itemIds: readonly number[]): Promise<SearchDocument[]>;
  /** Ids of the kind's items after `afterId`, ascending, findable or not: what a rebuild walks. */
  ids(executor: Executor, afterId: number, limit: number): Promise<number[]>;
}

/** Plain text of sanitised HTML, cut to what the index keeps. */
export function plainText(html: string): string {
  return summaryOf(html, SEARCH_BODY_MAX);
}

/** A document with its tokens, as both engines store it. */
export function indexedDocument(doc: SearchDocument): IndexedDocument {
  const title = [...doc.title].slice(0, 500).join('');
  const body = [...doc.body].slice(0, SEARCH_BODY_MAX).join('');
  return { ...doc, title, body, title_tokens: indexTokens(title).join(' '), body_tokens: indexTokens(body).join(' ') };
}

/** Brings the index in step with the items, on the caller's executor (its transaction). */
export async function refreshSearch(executor: Executor, source: SearchSource, itemIds: readonly number[]) {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return;
  const engine = searchEngineFor(executor);
  const documents = await source.documents(executor, ids);
  const found = new Set(documents.map((d) => d.item_id));
  await engine.remove(
    executor,
    source.kind,
    ids.filter((id) => !found.has(id)),
  );
  await engine.put(executor, documents.map(indexedDocument));
}

export interface RebuildProgress {
  kind: SearchKind;
  /** Items walked of this kind so far. */
  done: number;
}

/** Clears one kind and fills it again from its source, on the caller's executor. */
export async function reindexKind(
  executor: Executor,
  source: SearchSource,
  onProgress: (progress: RebuildProgress) => void = () => {},
  batch = 500,
): Promise<void> {
  await searchEngineFor(executor).clear(executor, source.kind);
  let after = 0;
  let done = 0;
  for (;;) {
    const ids = await source.ids(executor, after, batch);
    if (ids.length === 0) break;
    await refreshSearch(executor, source, ids);
    after = ids[ids.length - 1]!;
    done += ids.length;
    onProgress({ kind: source.kind, done });
  }
}

/**
 * Rebuilds the whole index from the sources (`npm run search:reindex`): each kind cleared and
 * refilled in one transaction, so searches meanwhile see either the old or the new kind. What the
 * engine keeps beside the index for reading (SQLite's recent tier) is set aside until the end.
 */
export async function rebuildSearch(
  db: Kysely<DB>,
  sources: readonly SearchSource[],
  onProgress: (progress: RebuildProgress) => void = () => {},
  batch = 500,
): Promise<void> {
  const engine = searchEngineFor(db);
  await engine.prepareRebuild(db);
  for (const source of sources) {
    await db.transaction().execute((trx) => reindexKind(trx, source, onProgress, batch));
  }
  await engine.optimize(db);
}
