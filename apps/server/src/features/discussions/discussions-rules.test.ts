import { describe, expect, it } from 'vitest';
import { postBoardIssue, postFormSchema } from '@portal/contracts/discussions';
import { isBlankRichText } from '@portal/contracts/rich-text';
import { summaryOf } from './discussions.service';
import { hotScore } from './hot-score';

describe('isBlankRichText (spec 5: content non-blank after trimming)', () => {
  it('sees tags, &nbsp; in its spellings, whitespace and zero-width spaces as blank', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p>&nbsp;</p>',
      '<p>&#160;&#xA0;<br></p>',
      '<p>\u200b\u00a0</p>',
      '<!-- x --><p> </p>',
    ]) {
      expect(isBlankRichText(html), JSON.stringify(html)).toBe(true);
    }
  });
  it('keeps any visible text', () => {
    for (const html of ['<p>a</p>', '存储', '<p>&nbsp;x</p>', '<td>1</td>']) {
      expect(isBlankRichText(html), html).toBe(false);
    }
  });
  it('is the rule of the shared post form schema, with the spec message key', () => {
    const r = postFormSchema.safeParse({ tp_title: 't', tp_hy_dd_id: 1, tp_cj_dd_id: 2, tp_content: '<p>&nbsp;</p>' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['tp_content'], message: 'postForm.contentInvalid' });
    const ok = postFormSchema.parse({ tp_title: ' t ', tp_hy_dd_id: 1, tp_cj_dd_id: 2, tp_content: '<p>x</p>' });
    expect(ok).toMatchObject({ tp_title: 't', tp_source: 10, tp_type: 10, tp_annex: [], other_lang: [] });
  });
});

describe('postBoardIssue (decision 024: a site with boards files every post under one)', () => {
  it('asks for a board when the site has boards and none is chosen', () => {
    expect(postBoardIssue([4, 5], null)).toBe('postForm.boardRequired');
    expect(postBoardIssue([4, 5], undefined)).toBe('postForm.boardRequired');
  });
  it('refuses a board the site does not have, also on a site without boards', () => {
    expect(postBoardIssue([4, 5], 6)).toBe('discuss.api.boardNotFound');
    expect(postBoardIssue([], 6)).toBe('discuss.api.boardNotFound');
  });
  it('takes a board of the site, and no board on a site without boards', () => {
    expect(postBoardIssue([4, 5], 5)).toBeNull();
    expect(postBoardIssue([], null)).toBeNull();
    expect(postBoardIssue([], undefined)).toBeNull();
  });
});

describe('summaryOf', () => {
  it('is the plain text of the content, entities decoded, spaces folded, 200 characters at most', () => {
    expect(summaryOf('<h2>A &amp; B</h2><p>x&nbsp;&lt;y&gt;</p>')).toBe('A & B x <y>');
    expect([...summaryOf(`<p>${'存'.repeat(300)}</p>`)]).toHaveLength(200);
  });
});

describe('hotScore', () => {
  it('ranks ten times the engagement like a post 12.5 hours younger, and never drops with engagement', () => {
    const t = Date.UTC(2026, 10, 1);
    const quiet = hotScore(t + 45_000_000, { like_count: 0, comment_count: 3, favourite_count: 0 });
    const busy = hotScore(t, { like_count: 0, comment_count: 33, favourite_count: 0 });
    expect(Math.abs(quiet - busy)).toBeLessThan(5_000);
    expect(hotScore(t, { like_count: 1, comment_count: 0, favourite_count: 0 })).toBeGreaterThan(
      hotScore(t, { like_count: 0, comment_count: 0, favourite_count: 0 }),
    );
    expect(
      Number.isSafeInteger(hotScore(Date.now(), { like_count: 1e6, comment_count: 1e6, favourite_count: 1e6 })),
    ).toBe(true);
  });
});
