import { describe, expect, it } from 'vitest';
import { injectIntoHead, paintBeforeHydration, stylesheetLink } from './ssr-html';

describe('server style injection', () => {
  it('links a stylesheet, and nothing in its address can break out of the attribute', () => {
    expect(stylesheetLink('/styles/antd.0123456789abcdef.css')).toBe(
      '<link rel="stylesheet" href="/styles/antd.0123456789abcdef.css"/>',
    );
    expect(stylesheetLink('/a.css"><script>')).toBe('<link rel="stylesheet" href="/a.cssscript"/>');
  });

  it('puts the markup before the first stylesheet link, else before </head>', () => {
    const html = '<html><head><meta/><link rel="stylesheet" href="/a.css"/></head><body></body></html>';
    expect(injectIntoHead(Buffer.from(html), '<link rel="stylesheet" href="/b.css"/>').toString()).toBe(
      '<html><head><meta/><link rel="stylesheet" href="/b.css"/><link rel="stylesheet" href="/a.css"/></head><body></body></html>',
    );
    expect(injectIntoHead(Buffer.from('<head><title>t</title></head>'), '<style>x</style>').toString()).toBe(
      '<head><title>t</title><style>x</style></head>',
    );
  });

  it("puts the markup before the app's inline style resource, so the app's rules still win", () => {
    const html =
      '<html><head><meta charSet="utf-8"/><style data-precedence="default" data-href="portal-app">a{}</style><title>t</title></head></html>';
    expect(injectIntoHead(Buffer.from(html), '<link rel="stylesheet" href="/b.css"/>').toString()).toBe(
      html.replace('<style', '<link rel="stylesheet" href="/b.css"/><style'),
    );
  });

  it('keeps multi-byte text before and after the insertion intact', () => {
    const html =
      '<html><head><title>存储社区 · 讨论</title><link rel="stylesheet" href="/a.css"/></head><body>中文 English</body></html>';
    const out = injectIntoHead(Buffer.from(html), '<link rel="stylesheet" href="/b.css"/>').toString('utf8');
    expect(out).toBe(html.replace('<link', '<link rel="stylesheet" href="/b.css"/><link'));
  });

  it('leaves a document without a head as it is', () => {
    const html = Buffer.from('<p>fragment</p>');
    expect(injectIntoHead(html, '<link rel="stylesheet" href="/b.css"/>')).toBe(html);
  });
});

describe('paint before hydration', () => {
  // React Router's hydration script, as it writes it (route imports, the manifest, the entry).
  const hydration =
    '<script nonce="n" type="module" async="">; import * as route0 from "/assets/root-A.js"; import * as route1 from "/assets/home-B.js";\n' +
    '  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"cn/home":route1};\n\nimport("/assets/entry.client-C.js");</script>';
  const preloads =
    '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/><link rel="modulepreload" href="/assets/root-A.js" nonce="n"/>';
  const page = (script: string, links = preloads) =>
    `<html><head><title>存储社区</title>${links}<link rel="stylesheet" href="/a.css"/></head><body><p>中文 English</p><script nonce="n">window.a=1</script>${script}</body></html>`;

  it('turns the static route imports into imports after the next frame, keeping the rest of the script', () => {
    const out = paintBeforeHydration(Buffer.from(page(hydration))).toString('utf8');
    const script = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(script).not.toMatch(/import \* as/);
    expect(
      script.startsWith('await new Promise((r)=>{requestAnimationFrame(()=>setTimeout(r));setTimeout(r,1000)});'),
    ).toBe(true);
    expect(script).toContain(
      'const [route0,route1]=await Promise.all([import("/assets/root-A.js"),import("/assets/home-B.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"cn/home":route1};');
    expect(script).toContain('import("/assets/entry.client-C.js");');
    // Everything around the script, multi-byte text included, is byte for byte the same, but for
    // the modulepreload links, which the script adds after the frame.
    expect(out.replace(script, '')).toBe(
      page(hydration, '').replace(/(<script nonce="n" type="module" async="">)[\s\S]*?(<\/script>)/, '$1$2'),
    );
    expect(script).toContain('for(const h of ["/assets/entry.client-C.js","/assets/root-A.js"])');
    expect(script.indexOf('modulepreload')).toBeGreaterThan(script.indexOf('requestAnimationFrame'));
    expect(script.indexOf('modulepreload')).toBeLessThan(script.indexOf('import("/assets/root-A.js")'));
  });

  it('adds the links back with the page’s nonce, after the first frame, in the browser', async () => {
    const out = paintBeforeHydration(Buffer.from(page(hydration))).toString('utf8');
    const script = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    const added: Array<{ rel: string; href: string; nonce?: string }> = [];
    const frames: Array<() => void> = [];
    const fakeDocument = {
      querySelector: () => ({ nonce: 'n' }),
      createElement: () => ({}) as { rel: string; href: string; nonce?: string },
      head: { append: (l: { rel: string; href: string; nonce?: string }) => added.push({ ...l }) },
    };
    // The script up to its imports, run with a frame that comes when the test says so (the
    // second's fallback never comes).
    const body = script.slice(0, script.indexOf('const [route0'));
    const run = new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      `return (async () => { ${body} })();`,
    ) as (d: unknown, raf: (f: () => void) => void, st: (f: () => void, ms?: number) => void) => Promise<void>;
    const done = run(
      fakeDocument,
      (f) => frames.push(f),
      (f, ms) => {
        if (!ms) f();
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(added).toEqual([]);
    frames.forEach((f) => f());
    await done;
    expect(added).toEqual([
      { rel: 'modulepreload', href: '/assets/entry.client-C.js', nonce: 'n' },
      { rel: 'modulepreload', href: '/assets/root-A.js', nonce: 'n' },
    ]);
  });

  it('leaves a page without the hydration script as it is', () => {
    const html = Buffer.from(page('<script type="module">import("/x.js")</script>'));
    expect(paintBeforeHydration(html)).toBe(html);
  });
});
