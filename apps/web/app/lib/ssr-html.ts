/** The `<link>` of a stylesheet, for markup written outside React (the server entry's head). */
export function stylesheetLink(href: string): string {
  return `<link rel="stylesheet" href="${href.replace(/[^A-Za-z0-9._/-]/g, '')}"/>`;
}

/**
 * Puts `markup` into the document's head: before its first stylesheet (link or inline style), so the app's own CSS
 * still overrides antd's, else just before `</head>`. Works on the rendered bytes: the page is never
 * decoded into a string and encoded again (the head is ASCII markup up to its first link, and
 * latin1 keeps byte offsets).
 */
export function injectIntoHead(html: Buffer<ArrayBuffer>, markup: string): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf('</head>');
  if (!markup || headEnd < 0) return html;
  const link = html.toString('latin1', 0, headEnd).search(/<link[^>]*rel="stylesheet"|<style[\s>]/);
  const at = link >= 0 ? link : headEnd;
  return Buffer.concat([html.subarray(0, at), Buffer.from(markup), html.subarray(at)]);
}

const ROUTE_IMPORT = /import \* as (route\d+) from "([^"]+)";/g;
const FIRST_ROUTE_IMPORT = 'import * as route0 from ';
/** React Router's modulepreload links, as `<Links>`/`<Scripts>` write them (`href` first, a nonce after). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const HYDRATION_SCRIPT_OPENING = /^<script[^>]*type="module"[^>]*>;?\s*$/;

/**
 * Lets the browser paint the server's HTML before the page's JavaScript loads. React Router's
 * hydration script imports the route modules statically, so the browser evaluates all of them (and
 * React with them) before it paints anything, and its modulepreload links (some forty chunks) start
 * every download beside the stylesheet: on a phone's network the first paint waits for the
 * JavaScript's bytes too. The script's static route imports become dynamic ones behind a wait for
 * the next frame (or a second, for a tab in the background, which draws no frames), and the
 * modulepreload links leave the head: the script adds them back after that frame, so the chunks
 * still download at once, in parallel, but after the first paint; the rest of the script is
 * unchanged. Only the head's links and that script's bytes are rewritten; the rest of the page is
 * copied as it is.
 */
export function paintBeforeHydration(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const firstImport = html.indexOf(FIRST_ROUTE_IMPORT);
  if (firstImport < 0) return html;
  const start = html.lastIndexOf('<script', firstImport);
  const end = html.indexOf('</script>', firstImport);
  const headEnd = html.indexOf('</head>');
  if (
    start < 0 ||
    end < 0 ||
    headEnd < 0 ||
    headEnd > start ||
    !HYDRATION_SCRIPT_OPENING.test(html.toString('latin1', start, firstImport))
  ) {
    return html;
  }
  const preloads: string[] = [];
  const head = html.toString('latin1', 0, headEnd).replace(MODULE_PRELOAD, (_match, href: string) => {
    preloads.push(href);
    return '';
  });
  const names: string[] = [];
  const urls: string[] = [];
  const script = html.toString('latin1', start, end).replace(ROUTE_IMPORT, (_match, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return '';
  });
  const bodyAt = script.indexOf('>') + 1;
  const wait =
    'await new Promise((r)=>{requestAnimationFrame(()=>setTimeout(r));setTimeout(r,1000)});' +
    (preloads.length
      ? "{const n=document.querySelector('script[nonce]')?.nonce;" +
        `for(const h of ${JSON.stringify(preloads)}){const l=document.createElement('link');` +
        "l.rel='modulepreload';l.href=h;if(n)l.nonce=n;document.head.append(l)}}"
      : '') +
    `const [${names.join(',')}]=await Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(',')}]);`;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    html.subarray(headEnd, start),
    Buffer.from(script.slice(0, bodyAt) + wait + script.slice(bodyAt), 'latin1'),
    html.subarray(end),
  ]);
}
