import type { Insertable, Kysely } from 'kysely';
import { SITES, type Site } from '@portal/contracts/sites';
import type { DB, PagesTable } from '../db/schema';
import { renderBlocks } from './demo-text';
import { LEGAL_PAGES, type LegalSlug } from './legal-pages-text';

const LEGAL_SLUGS: readonly LegalSlug[] = ['terms', 'privacy'];

/** The terms of use and privacy policy rows of a site, in its language. */
export function legalPageRows(site: Site, updatedAt: number): Insertable<PagesTable>[] {
  return LEGAL_SLUGS.map((slug) => ({
    site_id: site.tws_id,
    slug,
    title: LEGAL_PAGES[site.lang][slug].title,
    body_html: renderBlocks(LEGAL_PAGES[site.lang][slug].body),
    updated_at: updatedAt,
  }));
}

/**
 * Gives every site its terms of use and privacy policy when it has none, so the links under the
 * registration form never lead to a missing page, on a new database and on one from before issue 17.
 * Pages staff have written are left alone; several processes starting at once insert each row once.
 */
export async function ensureLegalPages(db: Kysely<DB>, opts: { now: number }): Promise<{ inserted: number }> {
  const rows = SITES.flatMap((site) => legalPageRows(site, Math.floor(opts.now)));
  const result = await db
    .insertInto('pages')
    .values(rows)
    .onConflict((oc) => oc.columns(['site_id', 'slug']).doNothing())
    .executeTakeFirst();
  return { inserted: Number(result.numInsertedOrUpdatedRows ?? 0) };
}
