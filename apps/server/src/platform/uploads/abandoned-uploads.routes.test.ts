import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { createStorage } from '../../lib/storage';
import { localFileOf } from '../../lib/storage/local-storage';
import { multipartFile, type accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { postDictionaries, postForm } from '../../../test/discussions-harness';
import { makeStaff, staffCall, staffTestApp } from '../../../test/roles-harness';
import { UNLINKED_ATTACHMENT_GRACE_MS } from './attachment-links';
import { uploadsService, type UploadsService } from './uploads.service';
import { PDF, PNG } from './uploads.test-support';

// Abandoned uploads (decision 014): an attachment that no stored content ever referred to goes once its
// grace period is over; one a post or a site page uses stays.

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let author: TestMember;
/** The uploads service on the app's database and storage, as the hourly sweep runs it. */
let uploads: UploadsService;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  uploads = uploadsService({
    db: t.database.db,
    storage: await createStorage(t.config.storage, t.config.uploadsDir),
    uploadsDir: t.config.uploadsDir,
  });
  author = await h.registerMember({ nick: 'Uploader', site: 'protal_en' });
  await h.completeInformation(author, 'protal_en');
});
afterAll(async () => t?.close());

const db = () => t.database.db;

interface Uploaded {
  att_id: number;
  address: string;
}

async function upload(path: string, name: string, content: Buffer, as: TestMember = author): Promise<Uploaded> {
  const body = multipartFile('file', name, 'application/octet-stream', content);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      isapi: '1',
      'content-type': body.contentType,
      cookie: `siteData=2; accessToken=${as.token}`,
      'x-forwarded-for': h.freshIp(),
    },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Uploaded;
}

const image = (name: string, as?: TestMember) => upload('/api/tool/upLoadimage/', name, PNG, as);

/** Makes an attachment look as old as `ms`. */
async function age(att: Uploaded, ms: number) {
  await db()
    .updateTable('attachments')
    .set({ created_at: Date.now() - ms })
    .where('id', '=', att.att_id)
    .execute();
}

async function row(att: Uploaded) {
  return db().selectFrom('attachments').selectAll().where('id', '=', att.att_id).executeTakeFirst();
}

const served = async (att: Uploaded) => (await t.app.inject({ method: 'GET', url: att.address })).statusCode;

describe('abandoned uploads', () => {
  it('deletes an upload no content used once its grace period is over, file and row, and keeps the rest', async () => {
    const abandoned = await image('abandoned.png');
    const inContent = await image('in-content.png');
    const inList = await upload('/api/tool/uploadfile/', 'guide.pdf', PDF);
    const recent = await image('draft.png');
    const dict = await postDictionaries(db(), 2);
    const post = await h.call(
      'protal_en',
      '/api/post/add',
      postForm(dict, {
        // The abandoned upload's id with a key that is not its own links nothing.
        tp_content:
          `<p>Our layout:</p><p><img src="${inContent.address}" alt="layout"></p>` +
          `<p><a href="/attachments/${abandoned.att_id}/${'A'.repeat(22)}">old</a></p>`,
        tp_annex: [inList.att_id],
      }),
      { as: author, ip: h.freshIp() },
    );
    expect(post.statusCode, post.body).toBe(200);
    const old = UNLINKED_ATTACHMENT_GRACE_MS + 60_000;
    for (const att of [abandoned, inContent, inList]) await age(att, old);
    await age(recent, UNLINKED_ATTACHMENT_GRACE_MS - 60_000);
    const file = localFileOf(t.config.uploadsDir, (await row(abandoned))!.storage_key);
    expect(fs.existsSync(file)).toBe(true);

    expect(await uploads.sweepUnlinked()).toBe(1);

    expect(await row(abandoned)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    expect(await served(abandoned)).toBe(404);
    for (const kept of [inContent, inList, recent]) {
      expect(await row(kept), `attachment ${kept.att_id}`).toBeDefined();
      expect(await served(kept)).toBe(200);
    }
    // Nothing more to do; and a linked attachment is never deleted, even if asked for by id.
    expect(await uploads.sweepUnlinked()).toBe(0);
    expect(await uploads.repo.deleteUnlinked(inContent.att_id)).toBe(false);
    expect(await row(inContent)).toBeDefined();
  });

  it('keeps what an edit of the post adds and what a site page shows', async () => {
    const dict = await postDictionaries(db(), 2);
    const res = await h.call('protal_en', '/api/post/add', postForm(dict), { as: author, ip: h.freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    const { tp_id } = res.json().data as { tp_id: number };
    const added = await image('added-by-edit.png');
    const edit = await h.call(
      'protal_en',
      '/api/post/edit',
      { tp_id, ...postForm(dict, { tp_content: `<p>Updated <img src="${added.address}"></p>` }) },
      { as: author, ip: h.freshIp() },
    );
    expect(edit.statusCode, edit.body).toBe(200);

    const admin = await makeStaff(h, { nick: 'Edna' });
    const teamPhoto = await image('team.png', admin);
    const saved = await staffCall(
      h,
      'protal_en',
      '/admin/pages/update',
      {
        slug: 'about',
        title: 'About us',
        content: `<p>The team</p><p><img src="${teamPhoto.address}" alt="team"></p>`,
      },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const old = UNLINKED_ATTACHMENT_GRACE_MS + 60_000;
    await age(added, old);
    await age(teamPhoto, old);
    expect(await uploads.sweepUnlinked()).toBe(0);
    expect(await served(added)).toBe(200);
    expect(await served(teamPhoto)).toBe(200);
  });

  it('goes in batches, oldest first', async () => {
    const files = [await image('a.png'), await image('b.png'), await image('c.png')];
    for (const [i, att] of files.entries()) await age(att, UNLINKED_ATTACHMENT_GRACE_MS + (3 - i) * 60_000);
    expect(await uploads.sweepUnlinked(Date.now(), 2)).toBe(2);
    expect(await row(files[0]!)).toBeUndefined();
    expect(await row(files[1]!)).toBeUndefined();
    expect(await row(files[2]!)).toBeDefined();
    expect(await uploads.sweepUnlinked(Date.now(), 2)).toBe(1);
  });
});
