import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeRichText } from './sanitize';
import { inertProblems, XSS_CORPUS } from './xss-corpus.test-support';

const s = sanitizeRichText;

describe('the XSS corpus', () => {
  it('holds at least 60 distinct payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(XSS_CORPUS.map((p) => p.name)).size).toBe(XSS_CORPUS.length);
    expect(new Set(XSS_CORPUS.map((p) => p.html)).size).toBe(XSS_CORPUS.length);
  });

  it('is hostile: the inert check finds something in nearly every raw payload', () => {
    // The check must be able to fail: run on the payloads themselves, it flags all but the few
    // that are harmless on purpose (the allowed PNG, full-width brackets, a right-to-left mark...).
    const flagged = XSS_CORPUS.filter((p) => inertProblems(p.html).length > 0);
    expect(flagged.length).toBeGreaterThanOrEqual(XSS_CORPUS.length - 8);
  });

  it.each(XSS_CORPUS.map((p) => [p.name, p] as const))('%s: sanitised output is inert', (_name, payload) => {
    const out = s(payload.html);
    expect(inertProblems(out), out).toEqual([]);
    if (payload.keeps) expect(out).toContain(payload.keeps);
    // Stable: sanitising the output again changes nothing (no mutation between parses).
    expect(s(out)).toBe(out);
  });
});

describe('the inert check itself', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', 'event handler onerror'],
    ['<a href="  jav&#x09;ascript:alert(1)">x</a>', 'scheme javascript:'],
    ['<span style="position:fixed">x</span>', 'style position'],
    ['<span style="color:url(x)">x</span>', 'style'],
    ['<p style="font-size:8px">x</p>', 'style font-size'],
    ['<svg></svg>', 'element <svg>'],
    ['<a href="//evil.example">x</a>', 'protocol-relative'],
    ['<a href="&#x2028;javascript:alert(1)" rel="noopener noreferrer nofollow">x</a>', 'hidden scheme javascript:'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', 'data: URL'],
    ['<!-- x -->', 'comment'],
    ['<a href="https://ok.example/">x</a>', 'link without rel'],
  ])('flags %s', (html, problem) => {
    expect(inertProblems(html).join('\n')).toContain(problem);
  });

  it('passes what the editor writes', () => {
    expect(
      inertProblems('<p style="text-align:center"><span style="color:#ff0000;font-size:16px">x</span></p>'),
    ).toEqual([]);
  });
});

describe('sanitizeRichText keeps exactly what the editor writes', () => {
  it('headings, marks, lists, quotes and code', () => {
    const html =
      '<h1>A</h1><h2>Title</h2><h3>B</h3><h4>C</h4><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br /></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3" type="i"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>const a = 1 &lt; 2;</code></pre><hr />';
    expect(s(html)).toBe(html);
  });

  it('tables with spans', () => {
    const html =
      '<table><tbody><tr><th colspan="2" rowspan="1"><p>h</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>c</p></td><td><p>d</p></td></tr></tbody></table>';
    expect(s(html)).toBe(html);
  });

  it('colours as #rrggbb, font sizes 12–72 px and left/center/right alignment, validated by value', () => {
    expect(s('<p style="text-align: center"><span style="color: #1677FF; font-size: 72px">x</span></p>')).toBe(
      '<p style="text-align:center"><span style="color:#1677FF;font-size:72px">x</span></p>',
    );
    expect(s('<h3 style="text-align: right">r</h3>')).toBe('<h3 style="text-align:right">r</h3>');
    expect(
      s(
        '<span style="font-size:12px">a</span><span style="font-size:11px">b</span><span style="font-size:73px">c</span>',
      ),
    ).toBe('<span style="font-size:12px">a</span><span>b</span><span>c</span>');
    expect(
      s('<span style="color: red">b</span><span style="color:#12345678">c</span><span style="color:#fff">d</span>'),
    ).toBe('<span>b</span><span>c</span><span>d</span>');
    // The browser writes the editor's colours back as rgb(): kept when each channel is 0–255, nothing more.
    expect(s('<span style="color: rgb(245, 34, 45); font-size: 24px;">a</span>')).toBe(
      '<span style="color:rgb(245, 34, 45);font-size:24px">a</span>',
    );
    expect(
      s(
        '<span style="color: rgb(256, 0, 0)">a</span><span style="color: rgba(0, 0, 0, 0)">b</span><span style="color: rgb(0 0 0 / 0)">c</span><span style="color: rgb(1, 2, 3) url(x)">d</span>',
      ),
    ).toBe('<span>a</span><span>b</span><span>c</span><span>d</span>');
    expect(s('<p style="text-align: justify">a</p><span style="text-align:center">b</span>')).toBe(
      '<p>a</p><span>b</span>',
    );
    expect(s('<span style="background-color:#ffffff">a</span><li style="text-align:center">b</li>')).toBe(
      '<span>a</span><li>b</li>',
    );
  });

  it('images and media from our attachments or http(s); no data: at all', () => {
    expect(s('<img src="/attachments/12" alt="a" title="t" width="640" height="480" />')).toBe(
      '<img src="/attachments/12" alt="a" title="t" width="640" height="480" />',
    );
    expect(s('<img src="https://cdn.example/a.jpg" width="100%" />')).toBe('<img src="https://cdn.example/a.jpg" />');
    expect(
      s('<video controls="" src="/attachments/3"></video><audio controls="" src="https://cdn.example/a.mp3"></audio>'),
    ).toBe('<video controls src="/attachments/3"></video><audio controls src="https://cdn.example/a.mp3"></audio>');
    expect(s('<p>a<img src="data:image/png;base64,iVBORw0KGgo=" />b</p>')).toBe('<p>ab</p>');
    expect(s('<p>a<video src="javascript:alert(1)" controls></video>b</p>')).toBe('<p>ab</p>');
  });

  it('links: rel noopener noreferrer nofollow always, target only _blank', () => {
    expect(s('<a href="https://ok.example/x" target="_blank">x</a>')).toBe(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(s('<a href="/cn/discuss/list" target="_parent" rel="opener">x</a>')).toBe(
      '<a href="/cn/discuss/list" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(s('<a href="mailto:a@example.com">m</a>')).toBe(
      '<a href="mailto:a@example.com" rel="noopener noreferrer nofollow">m</a>',
    );
  });
});

describe('sanitizeRichText drops', () => {
  it.each([
    ['<script>alert(1)</script>x', 'x'],
    ['<p onclick="alert(1)" id="a" name="b" class="c">x</p>', '<p>x</p>'],
    ['<iframe src="https://www.youtube.com/embed/x"></iframe>v', 'v'],
    ['<svg><circle r="1"></circle></svg>t', 't'],
    ['<div style="position:fixed">o</div>', 'o'],
    ['<span style="display:none;opacity:0;visibility:hidden">h</span>', '<span>h</span>'],
    ['<a href="vbscript:x">v</a>', '<a rel="noopener noreferrer nofollow">v</a>'],
    ['<form action="/x"><input name="q" /></form>', ''],
    ['<h5>five</h5><b>b</b><mark>m</mark><thead>t</thead>', 'fivebmt'],
    ['<ol type="disc" start="x"><li>i</li></ol>', '<ol><li>i</li></ol>'],
  ])('%s', (input, expected) => {
    expect(s(input)).toBe(expected);
  });
});

describe('safeUrl reads the scheme as a browser does', () => {
  it.each([
    ['javascript:alert(1)', 'link', null],
    [' \u0001JAVASCRIPT:alert(1)', 'link', null],
    ['java\tscr\nipt:alert(1)', 'link', null],
    ['java\u0000script:alert(1)', 'link', null],
    ['\u2028javascript:alert(1)', 'link', null],
    ['\ufeffjavascript:alert(1)', 'link', null],
    ['java\u00adscript:alert(1)', 'link', null],
    ['java\u200bscript:alert(1)', 'link', null],
    ['https://ok.example/\u202egnp.exe', 'link', 'https://ok.example/\u202egnp.exe'],
    ['//evil.example', 'link', null],
    ['\\\\evil.example', 'link', null],
    ['/\\evil.example', 'link', null],
    ['data:image/png;base64,iVBORw0KGgo=', 'link', null],
    ['data:image/png;base64,iVBORw0KGgo=', 'media', null],
    ['mailto:a@example.com', 'media', null],
    ['  https://ok.example/a b  ', 'link', 'https://ok.example/a b'],
    ['/attachments/3', 'media', '/attachments/3'],
    ['javascript%3Aalert(1)', 'link', 'javascript%3Aalert(1)'],
    ['#top', 'link', '#top'],
    ['', 'link', null],
  ] as const)('%j as %s → %j', (url, kind, expected) => {
    expect(safeUrl(url, kind)).toBe(expected);
  });
});
