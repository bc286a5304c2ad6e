/** Gives every `<style>` tag in `html` the CSP nonce (antd's extracted styles come without one). */
export function addNonceToStyleTags(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  const safe = nonce.replace(/[^A-Za-z0-9+/=_-]/g, '');
  return html.replace(/<style(?=[\s>])/g, `<style nonce="${safe}"`);
}

/**
 * Puts `styles` into the document's head: before its first stylesheet link, so the app's own CSS
 * still overrides antd's, else just before `</head>`.
 */
export function injectHeadStyles(html: string, styles: string): string {
  if (!styles) return html;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const link = head.search(/<link[^>]*rel="stylesheet"/);
  const at = link >= 0 ? link : headEnd;
  return `${html.slice(0, at)}${styles}${html.slice(at)}`;
}
