import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminPage, PageSlug } from '@portal/contracts/pages';
import type { Site } from '@portal/contracts/sites';
import { attachmentsAddressedIn } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { recordAudit } from '../../platform/audit/audit.service';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import type { RemoteImages } from '../../platform/uploads/remote-images';
import { pagesRepository } from './pages.repository';

interface Clock {
  now(): number;
}

/** Content pages written in the back office (about, terms, privacy), and the portal's reading of them. */
export function pagesService(db: Kysely<DB>, clock: Clock = { now: Date.now }, remote?: RemoteImages) {
  const repo = pagesRepository(db);
  const view = (
    slug: PageSlug,
    row: { title: string; body_html: string; updated_at: number } | undefined,
  ): AdminPage =>
    row
      ? {
          slug,
          title: row.title,
          // Stored sanitised; sanitised again in case a row was written some other way.
          content: sanitizeRichText(row.body_html),
          update_time: new Date(Number(row.updated_at)).toISOString(),
        }
      : { slug, title: '', content: '', update_time: null };

  return {
    /** A page as members read it; 404 until staff write it. */
    async read(site: Site, slug: PageSlug) {
      const page = await repo.find(site.tws_id, slug);
      if (!page) throw ApiError.notFound('errors.pageNotFound');
      return {
        title: page.title,
        content: sanitizeRichText(page.body_html),
        update_time: new Date(Number(page.updated_at)).toISOString(),
      };
    },

    async get(site: Site, slug: PageSlug): Promise<AdminPage> {
      return view(slug, await repo.find(site.tws_id, slug));
    },

    /** Sanitises the HTML, stores it and records the change (before/after) in one transaction. */
    async update(
      site: Site,
      actorId: number,
      input: { slug: PageSlug; title: string; content: string },
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ): Promise<AdminPage & { dropped_images: number }> {
      const now = clock.now();
      const sanitised = sanitizeRichText(input.content);
      // Remote pictures are copied before the transaction: fetching takes seconds.
      const copied = remote ? await remote.copyInto(sanitised, actorId, site.tws_id) : { html: sanitised, dropped: 0 };
      const html = copied.html;
      return db.transaction().execute(async (trx) => {
        const before = await repo.find(site.tws_id, input.slug, trx);
        await repo.save(trx, { siteId: site.tws_id, slug: input.slug, title: input.title, html, now });
        await linkAttachments(trx, { refs: attachmentsAddressedIn(html) }, now);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'page.update',
          targetKind: 'page',
          targetId: input.slug,
          before: before ? { title: before.title, content: before.body_html } : null,
          after: { title: input.title, content: html },
          request,
          now,
        });
        return { ...view(input.slug, await repo.find(site.tws_id, input.slug, trx)), dropped_images: copied.dropped };
      });
    },
  };
}
