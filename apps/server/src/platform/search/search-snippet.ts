import { HAN_RE, MAX_TOKEN, type QueryTerm, termTokens } from './tokenizer';

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
  // Else each character is folded on its own; runs of characters that are their own form (Chinese
  // text between its full-width commas, ASCII) are taken whole, without asking ICU of each.
  let form = '';
  const from: number[] = [];
  let at = 0;
  while (at < text.length) {
    let end = at;
    while (end < text.length && isOwnForm(text.charCodeAt(end))) from.push(end++);
    if (end > at) {
      form += text.slice(at, end);
      at = end;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(at)!);
    const f = char.normalize('NFKC');
    form += f;
    for (let i = 0; i < f.length; i++) from.push(at);
    at += char.length;
  }
  from.push(at);
  return { form, from: (i) => from[i]! };
}

/** Whether a UTF-16 unit is a whole character that NFKC leaves as it is: ASCII, a CJK unified ideograph. */
function isOwnForm(unit: number): boolean {
  return unit < 0x80 || (unit >= 0x4e00 && unit <= 0x9fff);
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

/** Characters of the body folded first when looking for its first match, and the margin kept at its end. */
const FIRST_STRETCH = 2_000;
const STRETCH_MARGIN = 2 * MAX_TOKEN;

/**
 * Where the marker first matches `text`, as an index of `text`, or -1. The body of a post with its
 * comments runs to 20,000 characters while its first match is most often near its start, so a first
 * stretch is folded and searched, and the whole body only when the match is not found well inside
 * it: a match there is the first of the whole text (the marker's tokens are at most MAX_TOKEN long,
 * so any match starting earlier would have been found in the stretch too).
 */
function firstMatch(text: string, marker: RegExp): number {
  if (text.length > FIRST_STRETCH) {
    const { form, from } = folded(text.slice(0, FIRST_STRETCH));
    const first = searchFrom(form, marker);
    if (first >= 0 && first < form.length - STRETCH_MARGIN) return from(first);
  }
  const { form, from } = folded(text);
  const first = searchFrom(form, marker);
  return first < 0 ? -1 : from(first);
}

/** The marker's first match in `form` from its start (a global marker keeps where it last stopped). */
function searchFrom(form: string, marker: RegExp): number {
  marker.lastIndex = 0;
  return form.search(marker);
}

/** The index `count` characters (code points) before `index`, or 0 when fewer come before it. */
function charactersBack(text: string, index: number, count: number): number {
  let at = index;
  for (let n = 0; n < count && at > 0; n++) {
    at -= 1;
    if (at > 0 && isLowSurrogate(text.charCodeAt(at)) && isHighSurrogate(text.charCodeAt(at - 1))) at -= 1;
  }
  return at;
}

/** The index `count` characters (code points) after `index`, or the text's end. */
function charactersOn(text: string, index: number, count: number): number {
  let at = index;
  for (let n = 0; n < count && at < text.length; n++) {
    at += isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return at;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * A passage of the body around its first match (or its start), marked; the text as written: BEFORE
 * characters of context before the match when there are more, LENGTH characters in all.
 */
export function snippet(body: string, marker: RegExp | null): string {
  const text = body.replace(/\s+/g, ' ').trim();
  let start = 0;
  if (marker) {
    const first = firstMatch(text, marker);
    if (first >= 0) start = charactersBack(text, first, BEFORE);
  }
  const end = charactersOn(text, start, LENGTH);
  return (start > 0 ? '…' : '') + markHits(text.slice(start, end), marker) + (end < text.length ? '…' : '');
}
