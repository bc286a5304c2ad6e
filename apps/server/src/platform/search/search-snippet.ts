import { HAN_RE, type QueryTerm, termTokens } from './tokenizer';

/** Characters of context shown before the first match, and the snippet's whole length. */
const BEFORE = 40;
const LENGTH = 160;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What to highlight for a query: Chinese tokens as written, latin stems with the rest of their word
 * (snapshot → snapshots), product names as written; null when there is nothing to mark.
 */
export function highlighter(terms: readonly QueryTerm[]): RegExp | null {
  const needles = [...new Set(termTokens(terms))]
    .sort((a, b) => b.length - a.length)
    .map((token) =>
      HAN_RE.test(token) ? escapeRegExp(token) : `(?<![\\p{L}\\p{N}])${escapeRegExp(token)}[\\p{L}\\p{N}]*`,
    );
  return needles.length ? new RegExp(needles.join('|'), 'giu') : null;
}

/** Escaped text with every match in <em>: built from plain text only, so nothing else can be markup. */
export function markHits(text: string, marker: RegExp | null): string {
  const source = text.normalize('NFKC');
  if (!marker) return escapeHtml(source);
  let out = '';
  let at = 0;
  for (const m of source.matchAll(marker)) {
    if (m[0] === '') continue;
    out += escapeHtml(source.slice(at, m.index)) + `<em>${escapeHtml(m[0])}</em>`;
    at = m.index + m[0].length;
  }
  return out + escapeHtml(source.slice(at));
}

/** A passage of the body around its first match (or its start), marked. */
export function snippet(body: string, marker: RegExp | null): string {
  const text = body.normalize('NFKC').replace(/\s+/g, ' ').trim();
  let start = 0;
  if (marker) {
    marker.lastIndex = 0;
    const first = text.search(marker);
    if (first > BEFORE) start = first - BEFORE;
  }
  const chars = [...text.slice(start)];
  const passage = chars.slice(0, LENGTH).join('');
  return (start > 0 ? '…' : '') + markHits(passage, marker) + (chars.length > LENGTH ? '…' : '');
}
