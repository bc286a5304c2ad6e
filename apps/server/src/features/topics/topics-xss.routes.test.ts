import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sanitizeRichText } from '../../lib/sanitize';
import { inertProblems, inertProblemsOfNodes, XSS_CORPUS } from '../../lib/xss-corpus.test-support';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { makeStaff } from '../../../test/roles-harness';

// Every payload of the XSS corpus submitted as a topic article through the real calls, approved,
// and read back through the API and the server-rendered article page (its JSON-LD included), on
// both databases. Needs the web build (`npm run build`), as the discussions' XSS test does.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let author: TestMember;
let admin: TestMember;
let topicId: number;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    pages: true,
    env: { SSR_CACHE_SECONDS: '0', TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
  });
  h = accountsHarness(t);
  author = await h.registerMember({ site: 'protal', nick: 'Author' });
  await h.completeInformation(author, 'protal');
  admin = await makeStaff(h);
  topicId = (
    await t.database.db
      .selectFrom('topics')
      .select('id')
      .where('site_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(async () => t?.close());

const cookieOf = (m: TestMember) => `${CLIENT_STORAGE.accessTokenCookie}=${m.token}`;

/** What could run on a whole rendered page, and the inert check of the rich text around `marker`. */
function pageProblems(html: string, nonce: string | undefined, marker: string): string[] {
  const doc = parseDocument(html, { decodeEntities: true });
  const problems: string[] = [];
  if (!nonce) problems.push('no CSP nonce');
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    const tag = el.name.toLowerCase();
    if (tag === 'script' && el.attribs.nonce !== nonce) problems.push(`<script> without the page's nonce`);
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) problems.push(`<${tag}>`);
    if (tag === 'meta' && /refresh/i.test(el.attribs['http-equiv'] ?? '')) problems.push('<meta> refresh');
    for (const name of Object.keys(el.attribs)) {
      if (name.toLowerCase().startsWith('on')) problems.push(`${name} on <${tag}>`);
    }
    for (const name of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      // eslint-disable-next-line no-control-regex
      const value = (el.attribs[name] ?? '').replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '');
      if (/^(?:javascript|vbscript|data):/i.test(value)) problems.push(`${name}=${value.slice(0, 30)} on <${tag}>`);
    }
  }
  const p = DomUtils.findOne((el) => el.name === 'p' && DomUtils.textContent(el).trim() === marker, doc.children);
  if (!p?.parent) problems.push(`marker ${marker} not on the page`);
  else problems.push(...inertProblemsOfNodes(p.parent.children as Parameters<typeof inertProblemsOfNodes>[0]));
  return problems;
}

describe('every XSS payload as a topic article, approved and shown on its page', () => {
  it.each(XSS_CORPUS.map((p, i) => [p.name, p, i] as const))(
    '%s: stored sanitised, inert in articleInfo and on /cn/subject/article',
    async (_name, payload, i) => {
      const marker = `xss-marker-${i}`;
      const input = `<p>${marker}</p>${payload.html}`;
      // The title is plain text: a payload in it must stay text on the page and in the JSON-LD.
      const title = `XSS ${i} </script><script>alert(1)</script>`.slice(0, 100);
      const added = await t.call(
        '/api/topic/articleAdd',
        { ttar_title: title, tt_id: topicId, ttar_content: input },
        { headers: { cookie: `${cookieOf(author)}; siteData=1`, 'x-forwarded-for': h.freshIp() } },
      );
      expect(added.statusCode, added.body).toBe(200);
      const id = Number(added.json().data.ttar_id);
      const row = await t.database.db
        .selectFrom('topic_articles')
        .select('content_html')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.content_html).toBe(sanitizeRichText(input));
      expect(inertProblems(row.content_html)).toEqual([]);

      const review = await t.database.db
        .selectFrom('review_items')
        .select('id')
        .where('kind', '=', 'article')
        .where('item_id', '=', id)
        .executeTakeFirstOrThrow();
      const decided = await t.call(
        '/api/protal/admin/review/decide',
        { ids: [review.id], decision: 'approve' },
        { headers: { cookie: cookieOf(admin), 'x-forwarded-for': h.freshIp() } },
      );
      expect(decided.statusCode, decided.body).toBe(200);

      const info = await t.call('/api/protal/api/topic/articleInfo', { ttar_id: id });
      const shown = String(info.json().data.ttar_content);
      expect(shown).toContain(marker);
      expect(inertProblems(shown)).toEqual([]);

      const res = await t.app.inject({
        method: 'GET',
        url: `/cn/subject/article/${id}`,
        headers: { host: 'portal.test' },
      });
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
      expect(pageProblems(res.body, nonce, marker)).toEqual([]);
      // The structured data is one script with the page's nonce, and its JSON parses back to the title.
      const doc = parseDocument(res.body, { decodeEntities: true });
      const ld = DomUtils.findAll(
        (el) => el.name === 'script' && el.attribs.type === 'application/ld+json',
        doc.children,
      );
      expect(ld).toHaveLength(1);
      expect(ld[0]!.attribs.nonce).toBe(nonce);
      expect(JSON.parse(DomUtils.textContent(ld[0]!))).toMatchObject({ '@type': 'Article', headline: title });
    },
  );
});

describe('every XSS payload as a comment on an approved article', () => {
  it('is kept as text and the server-rendered article page with all of them stays inert', async () => {
    const marker = 'comments-marker';
    const added = await t.call(
      '/api/topic/articleAdd',
      { ttar_title: 'Comments under attack', tt_id: topicId, ttar_content: `<p>${marker}</p>` },
      { headers: { cookie: `${cookieOf(author)}; siteData=1`, 'x-forwarded-for': h.freshIp() } },
    );
    const id = Number(added.json().data.ttar_id);
    const review = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('kind', '=', 'article')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    await t.call(
      '/api/protal/admin/review/decide',
      { ids: [review.id], decision: 'approve' },
      { headers: { cookie: cookieOf(admin), 'x-forwarded-for': h.freshIp() } },
    );
    const texts = XSS_CORPUS.map((p) => p.html.trim()).filter((text) => text.length > 0 && text.length <= 5000);
    for (const text of texts) {
      const res = await t.call(
        '/api/protal/api/topic/articleCommentAdd',
        { ttar_id: id, tpc_content: text },
        { headers: { cookie: cookieOf(author), 'x-forwarded-for': h.freshIp() } },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/cn/subject/article/${id}`,
      headers: { host: 'portal.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="comment-text"');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
    // The article's rich text is one paragraph; the comments must add nothing that runs.
    expect(pageProblems(res.body, nonce, marker)).toEqual([]);
  });
});
