/**
 * The rules of the rich text members write (posts, topic articles, the e-magazine's submissions and
 * articles), shared by the publish forms and the server. Apart from any call's contract and without
 * schemas: a contract (and so a page) that needs only these does not load discussions' contract.
 */

/** Characters that do not count as content: whitespace, no-break and zero-width spaces, BOM. */
const INVISIBLE = /[\s\u00a0\u200b-\u200d\u2060\ufeff]/g;

/**
 * Spec 5: "Content non-blank after trimming". Tags, entities of spaces (`&nbsp;`, `&#160;`,
 * `&#xa0;`) and whitespace are removed; what remains must not be empty. Shared by the publish dialog
 * and the server, so both refuse the same content.
 */
export function isBlankRichText(html: string): boolean {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:nbsp|#160|#x0*a0|ensp|emsp|thinsp|zwsp|#8203|#x200b);?/gi, '')
    .replace(INVISIBLE, '');
  return text.length === 0;
}
