import type { Kysely } from 'kysely';
import type { DictionaryKind } from '@portal/contracts/dictionaries';
import type { DB } from '../../db/schema';

export function dictionariesRepository(db: Kysely<DB>) {
  return {
    entries(siteId: number, kind: DictionaryKind) {
      return db
        .selectFrom('dictionaries')
        .select(['id', 'label'])
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
  };
}
