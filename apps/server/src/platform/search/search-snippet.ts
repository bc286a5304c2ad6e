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

/**
 * The NFKC form the tokens are made of, and for each of its UTF-16 units where its character starts
 * in `text`: matches are found in the folded form (ＮＶＭｅ matches nvme) but shown in the text as
 * written, so a title keeps its full-width punctuation (（线上）, not (线上)).
 */
function folded(text: string): { form: string; from: (i: number) => number } {
  // Most text is its own NFKC form: then every unit starts where it is.
  if (text.normalize('NFKC') === text) return { form: text, from: (i) => i };
  let form = '';
  const from: number[] = [];
  let at = 0;
  for (const char of text) {
    const f = char.normalize('NFKC');
    form += f;
    for (let i = 0; i < f.length; i++) from.push(at);
    at += char.length;
  }
  from.push(at);
  return { form, from: (i) => from[i]! };
}

/**
 * Escaped text with every match in <em>: built from plain text only, so nothing else can be markup.
 * The text is shown as written; matching is done on its NFKC form.
 */
export function markHits(text: string, marker: RegExp | null): string {
  if (!marker) return escapeHtml(text);
  const { form, from } = folded(text);
  // Matched ranges of `text`, those that touch joined (对象 and 存储 mark 对象存储 once).
  const ranges: Array<[number, number]> = [];
  for (const m of form.matchAll(marker)) {
    if (m[0] === '') continue;
    const start = from(m.index);
    // The end of the match's last character in the text (a folded character may be several units).
    const end = from(m.index + m[0].length);
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += escapeHtml(text.slice(at, start)) + `<em>${escapeHtml(text.slice(start, end))}</em>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

/** A passage of the body around its first match (or its start), marked; the text as written. */
export function snippet(body: string, marker: RegExp | null): string {
  const text = body.replace(/\s+/g, ' ').trim();
  let start = 0;
  if (marker) {
    const { form, from } = folded(text);
    marker.lastIndex = 0;
    const first = form.search(marker);
    if (first >= 0) {
      const before = [...text.slice(0, from(first))].length;
      if (before > BEFORE) start = [...text].slice(0, before - BEFORE).join('').length;
    }
  }
  const chars = [...text.slice(start)];
  const passage = chars.slice(0, LENGTH).join('');
  return (start > 0 ? '…' : '') + markHits(passage, marker) + (chars.length > LENGTH ? '…' : '');
}
