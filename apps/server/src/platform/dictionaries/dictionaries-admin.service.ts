import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  DICTIONARY_RULE,
  type AdminDictionaryEntry,
  type DictionaryKind,
  type DictionaryUsage,
} from '@portal/contracts/dictionaries';
import type { Site } from '@portal/contracts/sites';
import type { DB, DictionariesTable } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { translate } from '../../lib/i18n';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordAudit } from '../audit/audit.service';
import type { Executor } from '../../db/executor';
import type { DictionaryUse } from '../kit/feature';
import { dictionariesRepository } from './dictionaries.repository';
import { forgetSynonyms } from './synonyms';

interface Clock {
  now(): number;
}

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type Row = Selectable<DictionariesTable>;

export function entryView(row: Row): AdminDictionaryEntry {
  return {
    dd_id: row.id,
    kind: row.kind as DictionaryKind,
    label: row.label,
    value: Number(row.value),
    sort: Number(row.sort),
    create_time: new Date(Number(row.created_at)).toISOString(),
  };
}

const USAGE_ORDER: ReadonlyArray<keyof DictionaryUsage> = [
  'members',
  'posts',
  'articles',
  'moderators',
  'events',
  'submissions',
];

/** "3 post(s), 1 moderator grant(s)" in the site's language. */
function describeUsage(site: Site, usage: DictionaryUsage): string {
  return USAGE_ORDER.filter((k) => usage[k] > 0)
    .map((k) => translate(site.lang, `siteAdmin.dictionaries.usage.${k}`, { count: usage[k] }))
    .join(translate(site.lang, 'siteAdmin.dictionaries.usage.separator'));
}

const inUse = (usage: DictionaryUsage) => USAGE_ORDER.some((k) => usage[k] > 0);

/**
 * The back office's dictionaries: per site, so per language. Every write checks that the entry
 * belongs to the managed site, keeps labels and values unique within a kind, and records an audit
 * row in the same transaction.
 */
export function dictionariesAdminService(
  db: Kysely<DB>,
  uses: readonly DictionaryUse[],
  clock: Clock = { now: Date.now },
) {
  const repo = dictionariesRepository(db);

  /** What refers to an entry, each count from the domain that refers to it. */
  async function usage(executor: Executor, row: Row): Promise<DictionaryUsage> {
    const usage: DictionaryUsage = {
      members: 0,
      posts: 0,
      articles: 0,
      moderators: 0,
      events: 0,
      submissions: 0,
    };
    for (const use of uses) if (use.kind === row.kind) usage[use.usage] += await use.count(executor, row);
    return usage;
  }

  async function ownEntry(executor: Executor, site: Site, id: number): Promise<Row> {
    const row = await repo.find(id, executor);
    if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('siteAdmin.dictionaries.notFound');
    return row;
  }

  async function refuseClash(
    executor: Executor,
    site: Site,
    kind: DictionaryKind,
    what: { label?: string; value?: number },
    exceptId?: number,
  ) {
    const clash = await repo.clash(executor, site.tws_id, kind, what, exceptId);
    if (clash === 'label') throw ApiError.refused('siteAdmin.dictionaries.labelTaken', { label: what.label });
    if (clash === 'value') throw ApiError.refused('siteAdmin.dictionaries.valueTaken', { value: what.value });
  }

  const service = {
    async list(site: Site, kind: DictionaryKind): Promise<AdminDictionaryEntry[]> {
      return (await repo.rows(site.tws_id, kind)).map(entryView);
    },

    async create(
      site: Site,
      actorId: number,
      input: { kind: DictionaryKind; label: string; value?: number; sort?: number },
      request: Request,
    ): Promise<AdminDictionaryEntry> {
      // Two staff adding to one kind at once may pick the same next value: the unique index refuses
      // the second, which then tries again with the value after.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            const now = clock.now();
            const stats = await repo.kindStats(trx, site.tws_id, input.kind);
            if (stats.entries >= DICTIONARY_RULE.maxPerKind) {
              throw ApiError.refused('siteAdmin.dictionaries.tooMany', { max: DICTIONARY_RULE.maxPerKind });
            }
            // A chosen value that is taken is refused; a value picked here that another write took
            // meanwhile trips the unique index instead, and the loop picks the next one.
            await refuseClash(trx, site, input.kind, { label: input.label, value: input.value });
            const value = input.value ?? stats.maxValue + 1;
            const id = await repo.insert(trx, {
              siteId: site.tws_id,
              kind: input.kind,
              label: input.label,
              value,
              sort: input.sort ?? stats.maxSort + 1,
              now,
            });
            const entry = entryView((await repo.find(id, trx))!);
            await recordAudit(trx, {
              actorId,
              siteId: site.tws_id,
              action: 'dictionary.create',
              targetKind: 'dictionary',
              targetId: id,
              after: entry,
              request,
              now,
            });
            return entry;
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          if (input.value !== undefined || attempt >= 3) {
            throw ApiError.refused('siteAdmin.dictionaries.valueTaken', { value: input.value ?? '' });
          }
        }
      }
    },

    async update(
      site: Site,
      actorId: number,
      input: { dd_id: number; label?: string; value?: number; sort?: number },
      request: Request,
    ): Promise<AdminDictionaryEntry> {
      try {
        return await db.transaction().execute(async (trx) => {
          const now = clock.now();
          const row = await ownEntry(trx, site, input.dd_id);
          const kind = row.kind as DictionaryKind;
          const label = input.label !== undefined && input.label !== row.label ? input.label : undefined;
          const value = input.value !== undefined && input.value !== Number(row.value) ? input.value : undefined;
          await refuseClash(trx, site, kind, { label, value }, row.id);
          if (value !== undefined && kind === 'source') {
            // Posts and articles keep their source by value: changing it would re-file them.
            const refs = await usage(trx, row);
            if (inUse(refs)) {
              throw ApiError.refused(
                'siteAdmin.dictionaries.valueInUse',
                { label: row.label, uses: describeUsage(site, refs) },
                { usage: refs },
              );
            }
          }
          const changes = {
            ...(label !== undefined ? { label } : {}),
            ...(value !== undefined ? { value } : {}),
            ...(input.sort !== undefined ? { sort: input.sort } : {}),
          };
          // Nothing to change (only dd_id, or the same values): an UPDATE with an empty SET is no SQL.
          if (Object.keys(changes).length > 0) await repo.update(trx, row.id, changes);
          if (label !== undefined) {
            for (const use of uses)
              if (use.kind === kind && use.renameLabel) await use.renameLabel(trx, site.tws_id, row.label, label);
          }
          const entry = entryView((await repo.find(row.id, trx))!);
          await recordAudit(trx, {
            actorId,
            siteId: site.tws_id,
            action: 'dictionary.update',
            targetKind: 'dictionary',
            targetId: row.id,
            before: entryView(row),
            after: entry,
            request,
            now,
          });
          return entry;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw ApiError.refused('siteAdmin.dictionaries.valueTaken', { value: input.value });
        throw err;
      }
    },

    /** Deletes an entry that nothing refers to; otherwise says what uses it. */
    async remove(site: Site, actorId: number, id: number, request: Request): Promise<{ dd_id: number }> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await ownEntry(trx, site, id);
        const refs = await usage(trx, row);
        if (inUse(refs)) {
          throw ApiError.refused(
            'siteAdmin.dictionaries.inUse',
            { label: row.label, uses: describeUsage(site, refs) },
            { usage: refs },
          );
        }
        await repo.remove(trx, row.id);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'dictionary.delete',
          targetKind: 'dictionary',
          targetId: row.id,
          before: entryView(row),
          request,
          now,
        });
        return { dd_id: row.id };
      });
    },

    /** Sort 1..n in the given order; `ids` must be the kind's entries exactly. */
    async reorder(
      site: Site,
      actorId: number,
      input: { kind: DictionaryKind; ids: number[] },
      request: Request,
    ): Promise<AdminDictionaryEntry[]> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const rows = await repo.rows(site.tws_id, input.kind, trx);
        const known = new Set(rows.map((r) => r.id));
        if (rows.length !== input.ids.length || !input.ids.every((id) => known.has(id))) {
          throw ApiError.refused('siteAdmin.dictionaries.reorderMismatch');
        }
        const sortOf = new Map(rows.map((r) => [r.id, Number(r.sort)]));
        for (const [i, id] of input.ids.entries()) {
          if (sortOf.get(id) !== i + 1) await repo.setSort(trx, id, i + 1);
        }
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'dictionary.reorder',
          targetKind: 'dictionary',
          targetId: input.kind,
          before: { kind: input.kind, ids: rows.map((r) => r.id) },
          after: { kind: input.kind, ids: input.ids },
          request,
          now,
        });
        return (await repo.rows(site.tws_id, input.kind, trx)).map(entryView);
      });
    },
  };

  /** A write, then the synonyms read again by the next searches: they may have changed. */
  const forgetting =
    <A extends unknown[], T>(write: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await write(...args);
      } finally {
        forgetSynonyms(db);
      }
    };

  return {
    ...service,
    create: forgetting(service.create),
    update: forgetting(service.update),
    remove: forgetting(service.remove),
    reorder: forgetting(service.reorder),
  };
}
