import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

/**
 * Test data of the discussions: the dictionaries a post form needs on both sites (the same codes on
 * each, so linked versions map), attachments owned by a member, and a valid post form.
 */
export interface SiteDictionaries {
  industry: number;
  scene: number;
  board: number;
  /** Another board, for moving and filtering. */
  board2: number;
  otherIndustry: number;
}

async function entry(db: Kysely<DB>, siteId: number, kind: string, label: string, value: number): Promise<number> {
  const existing = await db
    .selectFrom('dictionaries')
    .select('id')
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('dictionaries')
    .values({ site_id: siteId, kind, label, value, sort: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Industry, scene, two boards and source 10 on a site, with fixed codes shared by both sites. */
export async function postDictionaries(db: Kysely<DB>, siteId: number): Promise<SiteDictionaries> {
  const zh = siteId === 1;
  await entry(db, siteId, 'source', zh ? '原创' : 'Original', 10);
  await entry(db, siteId, 'source', zh ? '转载' : 'Reprint', 20);
  return {
    industry: await entry(db, siteId, 'industry', zh ? '金融' : 'Finance', 901),
    otherIndustry: await entry(db, siteId, 'industry', zh ? '制造' : 'Manufacturing', 902),
    scene: await entry(db, siteId, 'scene', zh ? '备份' : 'Backup', 911),
    board: await entry(db, siteId, 'board', zh ? '存储技术' : 'Storage tech', 921),
    board2: await entry(db, siteId, 'board', zh ? '产品交流' : 'Products', 922),
  };
}

/** An attachment row owned by a member (as the upload calls leave it). */
export async function makeAttachment(db: Kysely<DB>, ownerId: number, title = 'guide.pdf'): Promise<number> {
  const row = await db
    .insertInto('attachments')
    .values({
      owner_id: ownerId,
      title,
      storage_key: `files/${crypto.randomBytes(16).toString('hex')}.pdf`,
      storage: 1,
      mime: 'application/pdf',
      size: 1234,
      kind: 'file',
      access_key: crypto.randomBytes(16).toString('base64url'),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A valid post form for a site's dictionaries. */
export function postForm(d: SiteDictionaries, extra: Record<string, unknown> = {}) {
  return {
    tp_title: `A post ${crypto.randomBytes(3).toString('hex')}`,
    tp_hy_dd_id: d.industry,
    tp_cj_dd_id: d.scene,
    tp_content: '<p>How do you size <strong>object storage</strong> for backups?</p>',
    tp_board_id: d.board,
    ...extra,
  };
}

/** Turns the site's post review on or off (the settings row the back office writes). */
export async function setPostReview(db: Kysely<DB>, siteId: number, on: boolean): Promise<void> {
  await db.deleteFrom('site_settings').where('site_id', '=', siteId).where('key', '=', 'post_review').execute();
  await db
    .insertInto('site_settings')
    .values({ site_id: siteId, key: 'post_review', value: JSON.stringify(on), updated_at: Date.now() })
    .execute();
}
