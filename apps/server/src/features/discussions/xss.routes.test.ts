import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sanitizeRichText } from '../../lib/sanitize';
import { inertProblems, inertProblemsOfNodes, XSS_CORPUS, type XssPayload } from '../../lib/xss-corpus.test-support';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { makeStaff } from '../../../test/roles-harness';

// Every payload of the XSS corpus stored through the real calls (post/add, a comment, the About
// page's save) and read back through the API and the server-rendered pages, on both databases.
// Needs the web build (`npm run build`, which `npm test` runs first): the pages are real renders.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let author: TestMember;
let admin: TestMember;
let industryId: number;
let sceneId: number;
/** The seeded site has boards, so a post names one (decision 024). */
let boardId: number;

const cookieOf = (m: TestMember) => `${CLIENT_STORAGE.accessTokenCookie}=${m.token}`;
const markerOf = (i: number) => `xss-marker-${i}`;
const cases = XSS_CORPUS.map((p, i) => [p.name, p, i] as const);

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
  const entry = (kind: string) =>
    t.database.db
      .selectFrom('dictionaries')
      .select('id')
      .where('site_id', '=', 1)
      .where('kind', '=', kind)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  industryId = (await entry('industry')).id;
  sceneId = (await entry('scene')).id;
  boardId = (await entry('board')).id;
}, 60_000);
afterAll(async () => t?.close());

async function call(path: string, body: unknown, as?: TestMember) {
  const headers: Record<string, string> = { 'x-forwarded-for': h.freshIp() };
  if (as) headers.cookie = cookieOf(as);
  const res = await t.call(`/api/protal${path}`, body, { headers });
  return { res, json: res.json() as { status: number; msg: string; data: Record<string, unknown> } };
}

/** A server-rendered page as an anonymous visitor, with the nonce of its CSP. */
async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'portal.test' } });
  const csp = String(res.headers['content-security-policy'] ?? '');
  return { res, html: res.body, nonce: /'nonce-([^']+)'/.exec(csp)?.[1] };
}

/**
 * What could run on a whole rendered page: a script without the page's nonce (so not ours), an
 * event handler attribute anywhere, a frame, object, base or refresh anywhere; and the full inert
 * check of the rich text, found as the parent of the paragraph holding `marker`.
 */
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
      // Tabs and newlines removed, C0 controls and spaces trimmed, as a browser reads a URL.
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

// The marker first: an unclosed payload may swallow what follows it.
const contentOf = (payload: XssPayload, i: number) => `<p>${markerOf(i)}</p>${payload.html}`;

describe('every XSS payload published as a post', () => {
  it.each(cases)('%s: stored sanitised, inert in post/info and on the post page', async (_name, payload, i) => {
    const input = contentOf(payload, i);
    const added = await call(
      '/api/post/add',
      {
        tp_title: `XSS ${i} ${payload.html}`.slice(0, 100),
        tp_hy_dd_id: industryId,
        tp_cj_dd_id: sceneId,
        tp_board_id: boardId,
        tp_content: input,
      },
      author,
    );
    expect(added.res.statusCode, added.res.body).toBe(200);
    const id = Number(added.json.data.tp_id);

    // Stored exactly as the sanitiser writes it: no second version, no raw copy.
    const row = await t.database.db
      .selectFrom('posts')
      .select(['content_html', 'title'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content_html).toBe(sanitizeRichText(input));
    expect(inertProblems(row.content_html), row.content_html).toEqual([]);

    const info = await call('/api/post/info', { tp_id: id });
    expect(info.res.statusCode, info.res.body).toBe(200);
    const shown = String(info.json.data.tp_content);
    expect(shown).toBe(row.content_html);
    expect(shown).toContain(markerOf(i));
    if (payload.keeps) expect(shown).toContain(payload.keeps);

    const { res, html, nonce } = await page(`/cn/discuss/info/${id}`);
    expect(res.statusCode).toBe(200);
    expect(pageProblems(html, nonce, markerOf(i))).toEqual([]);
  });
});

describe('every XSS payload as a comment (plain text)', () => {
  let postId: number;
  beforeAll(async () => {
    const added = await call(
      '/api/post/add',
      {
        tp_title: 'Comments under fire',
        tp_hy_dd_id: industryId,
        tp_cj_dd_id: sceneId,
        tp_board_id: boardId,
        tp_content: '<p>comments-marker</p>',
      },
      author,
    );
    postId = Number(added.json.data.tp_id);
  });

  it('is kept as text and the page with all of them stays inert', async () => {
    const texts = XSS_CORPUS.map((p) => p.html.trim()).filter((text) => text.length > 0 && text.length <= 5000);
    for (const text of texts) {
      const res = await call('/api/comment/add', { tp_id: postId, tpc_content: text }, author);
      expect(res.res.statusCode, res.res.body).toBe(200);
    }
    const stored = await t.database.db
      .selectFrom('post_comments')
      .select('content')
      .where('post_id', '=', postId)
      .execute();
    expect(stored.map((c) => c.content).sort()).toEqual(texts.map((x) => x.replace(/\r\n?/g, '\n')).sort());

    const { res, html, nonce } = await page(`/cn/discuss/info/${postId}`);
    expect(res.statusCode).toBe(200);
    // The rich text of this post is one paragraph; the comments must add nothing that runs.
    expect(pageProblems(html, nonce, 'comments-marker')).toEqual([]);
  });
});

describe('every XSS payload saved as the About page', () => {
  it.each(cases)('%s: inert in the API and on /cn/about', async (_name, payload, i) => {
    const input = contentOf(payload, i);
    const saved = await call('/admin/pages/update', { slug: 'about', title: `About ${i}`, content: input }, admin);
    expect(saved.res.statusCode, saved.res.body).toBe(200);
    expect(saved.json.data.content).toBe(sanitizeRichText(input));

    const shown = await call('/api/page/content', { slug: 'about' });
    expect(inertProblems(String(shown.json.data.content))).toEqual([]);

    const { res, html, nonce } = await page('/cn/about');
    expect(res.statusCode).toBe(200);
    expect(pageProblems(html, nonce, markerOf(i))).toEqual([]);
  });
});
