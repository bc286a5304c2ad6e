import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsAddressedIn, REMOTE_IMAGES_DROPPED_MSG } from '@portal/contracts/uploads';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { postDictionaries, postForm, type SiteDictionaries } from '../../../test/discussions-harness';
import { makeStaff, msgOf } from '../../../test/roles-harness';
import { MB } from './uploads.service';

// Pictures of other sites in rich text are copied into our storage on publish (post/add, post/edit,
// the About page), through the SSRF-safe fetch. The test's picture server listens on loopback, which
// production never fetches from: the test app lets 127.0.0.1 through only while `allowLoopback` is on.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let author: TestMember;
let admin: TestMember;
let dict: SiteDictionaries;
let server: http.Server;
let base: string;
let allowLoopback = false;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/x.png') send('image/png', png);
    else if (req.url === '/to-private.png') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    } else if (req.url === '/to-picture.png') {
      res.writeHead(301, { location: '/x.png' });
      res.end();
    } else if (req.url === '/big.png') send('image/png', Buffer.concat([png, Buffer.alloc(5 * MB)]));
    else if (req.url === '/page.png') send('text/html', '<html>not a picture</html>');
    else if (req.url === '/noise.png') send('image/png', Buffer.from('definitely not a png file'));
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
    remoteImagesAllowAddress: (address) => allowLoopback && address === '127.0.0.1',
  });
  h = accountsHarness(t);
  dict = await postDictionaries(t.database.db, 2);
  author = await h.registerMember({ nick: 'Picture poster', site: 'protal_en' });
  await h.completeInformation(author, 'protal_en');
  admin = await makeStaff(h);
}, 60_000);
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

interface Saved {
  status: number;
  msg: string;
  data: { tp_id: number; dropped_images: number };
}

async function publish(content: string, allow: boolean): Promise<Saved & { content: string }> {
  allowLoopback = allow;
  try {
    const res = await h.call('protal_en', '/api/post/add', postForm(dict, { tp_content: content }), {
      as: author,
      ip: h.freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Saved;
    const row = await t.database.db
      .selectFrom('posts')
      .select('content_html')
      .where('id', '=', body.data.tp_id)
      .executeTakeFirstOrThrow();
    return { ...body, content: row.content_html };
  } finally {
    allowLoopback = false;
  }
}

const dropNotice = (n: number) => msgOf('protal_en', REMOTE_IMAGES_DROPPED_MSG, { count: n });

describe('remote pictures on publish', () => {
  it('drops a picture on a loopback address and tells the author', async () => {
    const saved = await publish(`<p>Look</p><img src="${base}/x.png" alt="x">`, false);
    expect(saved.data.dropped_images).toBe(1);
    expect(saved.msg).toBe(dropNotice(1));
    expect(saved.content).toBe('<p>Look</p>');
    expect(msgOf('protal', REMOTE_IMAGES_DROPPED_MSG, { count: 1 })).not.toBe(dropNotice(1));
  });

  it('copies a remote picture into storage as the author’s attachment and shows it from our address', async () => {
    const saved = await publish(`<p>Look</p><img src="${base}/x.png" alt="chart">`, true);
    expect(saved.data.dropped_images).toBe(0);
    expect(saved.msg).toBe(msgOf('protal_en', 'discuss.api.published'));
    expect(saved.content).not.toContain('127.0.0.1');
    const [ref] = attachmentsAddressedIn(saved.content);
    expect(saved.content).toBe(`<p>Look</p><img src="/attachments/${ref!.id}/${ref!.key}" alt="chart" />`);
    const row = await t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', ref!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: author.id, kind: 'image', mime: 'image/png', access_key: ref!.key });
    expect(row.linked_at).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `/attachments/${ref!.id}/${ref!.key}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 4, 3]);
  });

  it('follows a redirect to a picture, and refuses one to a private address', async () => {
    const followed = await publish(`<p>a</p><img src="${base}/to-picture.png">`, true);
    expect(followed.data.dropped_images).toBe(0);
    expect(attachmentsAddressedIn(followed.content)).toHaveLength(1);
    const refused = await publish(`<p>a</p><img src="${base}/to-private.png">`, true);
    expect(refused.data.dropped_images).toBe(1);
    expect(refused.content).toBe('<p>a</p>');
  });

  it('drops an oversize answer, a web page and bytes that are not a picture', async () => {
    const saved = await publish(
      `<p>a</p><img src="${base}/big.png"><img src="${base}/page.png"><img src="${base}/noise.png"><img src="${base}/missing.png">`,
      true,
    );
    expect(saved.data.dropped_images).toBe(4);
    expect(saved.msg).toBe(dropNotice(4));
    expect(saved.content).toBe('<p>a</p>');
  });

  it('copies pictures on edit too', async () => {
    const first = await publish('<p>first</p>', true);
    allowLoopback = true;
    try {
      const res = await h.call(
        'protal_en',
        '/api/post/edit',
        { tp_id: first.data.tp_id, ...postForm(dict, { tp_content: `<p>b</p><img src="${base}/x.png">` }) },
        { as: author, ip: h.freshIp() },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.dropped_images).toBe(0);
    } finally {
      allowLoopback = false;
    }
    const row = await t.database.db
      .selectFrom('posts')
      .select('content_html')
      .where('id', '=', first.data.tp_id)
      .executeTakeFirstOrThrow();
    expect(attachmentsAddressedIn(row.content_html)).toHaveLength(1);
  });

  it('copies or drops the About page’s remote pictures the same way', async () => {
    const res = await h.call(
      'protal_en',
      '/admin/pages/update',
      { slug: 'about', title: 'About', content: `<p>Team</p><img src="${base}/x.png"><img src="/demo/about.svg">` },
      { as: admin, ip: h.freshIp() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { msg: string; data: { content: string; dropped_images: number } };
    expect(body.data.dropped_images).toBe(1);
    expect(body.msg).toBe(dropNotice(1));
    expect(body.data.content).toBe('<p>Team</p><img src="/demo/about.svg" />');
  });
});
