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
const HYDRATION_SCRIPT_OPENING = /^<script[^>]*type="module"[^>]*>;?\s*$/;

/**
 * Lets the browser paint the server's HTML before the page's JavaScript runs. React Router's
 * hydration script imports the route modules statically, so the browser evaluates all of them (and
 * React with them) before it paints anything; on a phone that puts the whole start-up in front of
 * the first paint. The script's static route imports become dynamic ones behind a wait for the next
 * frame (or a second, for a tab in the background, which draws no frames), the rest of the script
 * unchanged: the modules still download at once (their modulepreload links), they only evaluate
 * after the first paint. Only that script's bytes are decoded and rewritten; the rest of the page
 * is copied as it is.
 */
export function paintBeforeHydration(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const firstImport = html.indexOf(FIRST_ROUTE_IMPORT);
  if (firstImport < 0) return html;
  const start = html.lastIndexOf('<script', firstImport);
  const end = html.indexOf('</script>', firstImport);
  if (start < 0 || end < 0 || !HYDRATION_SCRIPT_OPENING.test(html.toString('latin1', start, firstImport))) {
    return html;
  }
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
    `const [${names.join(',')}]=await Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(',')}]);`;
  return Buffer.concat([
    html.subarray(0, start),
    Buffer.from(script.slice(0, bodyAt) + wait + script.slice(bodyAt), 'latin1'),
    html.subarray(end),
  ]);
}
