/** The `<link>` of a stylesheet, for markup written outside React (the server entry's head). */
export function stylesheetLink(href: string): string {
  return `<link rel="stylesheet" href="${href.replace(/[^A-Za-z0-9._/-]/g, '')}"/>`;
}

/**
 * Puts `markup` into the document's head: before its first stylesheet link, so the app's own CSS
 * still overrides antd's, else just before `</head>`. Works on the rendered bytes: the page is never
 * decoded into a string and encoded again (the head is ASCII markup up to its first link, and
 * latin1 keeps byte offsets).
 */
export function injectIntoHead(html: Buffer<ArrayBuffer>, markup: string): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf('</head>');
  if (!markup || headEnd < 0) return html;
  const link = html.toString('latin1', 0, headEnd).search(/<link[^>]*rel="stylesheet"/);
  const at = link >= 0 ? link : headEnd;
  return Buffer.concat([html.subarray(0, at), Buffer.from(markup), html.subarray(at)]);
}
