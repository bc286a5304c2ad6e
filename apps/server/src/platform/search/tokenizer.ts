import { readFileSync } from 'node:fs';
import { createRequire as requireFrom } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { stemmer } from 'stemmer';

/**
 * The search tokeniser (decision 039): one function turns text into the tokens the index keeps, one
 * turns a searcher's key into a query over them, so both databases see the same pre-segmented words.
 *
 * - Chinese: every character and every two-character window (so one- and two-character keys such
 *   as 存/存储 always match), plus the jieba search-mode words of three or more characters.
 * - Latin words: lower-cased, Porter-stemmed (snapshots → snapshot), common function words dropped.
 * - Product names (a word with digits or one of - + . # _, e.g. S3, EC 8+3, NVMe-oF): kept as
 *   written (lower-cased), and their parts indexed too so `NVMe` finds `NVMe-oF`.
 */

let segmenter: Jieba | undefined;

/**
 * The jieba segmenter, made on the first text that needs it: its dictionary takes about 40 MB
 * outside the heap, which a process that only renders pages never pays. The dictionary is read here
 * rather than from '@node-rs/jieba/dict.js', whose module keeps it and the unused IDF table (11 MB
 * of buffers) for the life of the process; jieba copies it into its own.
 */
function jieba(): Jieba {
  segmenter ??= Jieba.withDict(readFileSync(requireFrom(import.meta.url).resolve('@node-rs/jieba/dict.txt')));
  return segmenter;
}

/** Characters a token may hold besides letters and digits; the SQLite table's tokenchars say the same. */
export const TOKEN_JOINERS = '-+.#_';

/** A Chinese character. */
export const HAN_RE = /\p{Script=Han}/u;
const RUN = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])(?:(?!\p{Script=Han})[\p{L}\p{N}\-+.#_])*)/gu;
const JOINER = /[-+.#_]/;
const STOP_WORDS = new Set(
  'a an and are as at be by for from in into is it of on or that the this to was were will with'.split(' '),
);
/** The most letters the stemmer takes off a word (-ational, -ization): how far a typed word is cut back. */
const STEM_CUT = 4;
/** Longer words are not words a searcher types; they are cut so an index row stays bounded. */
export const MAX_TOKEN = 40;

/**
 * A query over tokens: every entry of `all` must match; an entry is a token, alternatives, or (for
 * suggestions only) the start of a token.
 */
export type QueryTerm = string | { any: QueryTerm[] } | { all: QueryTerm[] } | { prefix: string };

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function latinWord(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  return /^\p{L}+$/u.test(word) ? stemmer(word) : word;
}

/** A latin run trimmed of joiners at its end (a full stop), `+` kept (C++). */
function trimRun(run: string): string {
  return run.replace(/[-.#_]+$/, '').slice(0, MAX_TOKEN);
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** The tokens the index keeps for a text, in order, repeats kept (they weigh in BM25). */
export function indexTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const match of normalise(text).matchAll(RUN)) {
    if (match[1]) {
      const run = match[1];
      tokens.push(...Array.from(run), ...bigrams(run));
      if (run.length >= 3) {
        for (const word of jieba().cutForSearch(run, true)) if (Array.from(word).length >= 3) tokens.push(word);
      }
      continue;
    }
    const run = trimRun(match[2]!);
    if (!run) continue;
    if (JOINER.test(run) || /\d/.test(run)) {
      tokens.push(run);
      for (const part of run.split(/[-+.#_]+/)) {
        const word = part && part !== run ? latinWord(part) : null;
        if (word) tokens.push(word);
      }
      continue;
    }
    const word = latinWord(run);
    if (word) tokens.push(word);
  }
  return tokens;
}

function chineseTerms(run: string): QueryTerm[] {
  if (Array.from(run).length <= 2) return [run];
  return jieba()
    .cut(run, true)
    .map((word): QueryTerm => {
      const length = Array.from(word).length;
      if (length <= 2) return word;
      return { any: [word, { all: bigrams(word) }] };
    });
}

/** The terms of a key, all of which a document must hold; [] when the key has no searchable word. */
export function queryTerms(key: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const match of normalise(key).matchAll(RUN)) {
    if (match[1]) {
      terms.push(...chineseTerms(match[1]));
      continue;
    }
    const run = trimRun(match[2]!);
    if (!run) continue;
    const word = JOINER.test(run) || /\d/.test(run) ? run : latinWord(run);
    if (word) terms.push(word);
  }
  return dedupe(terms);
}

function dedupe(terms: QueryTerm[]): QueryTerm[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = JSON.stringify(term);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The key's terms with the synonyms of the site's dictionary: where the key holds one phrase of a
 * group, the document may hold that phrase or any other of the group (对象存储 / object storage).
 */
export function expandSynonyms(key: string, groups: readonly (readonly string[])[]): QueryTerm[] {
  let rest = normalise(key);
  const alternatives: QueryTerm[] = [];
  for (const group of groups) {
    const phrases = group.map(normalise).filter((p) => p.trim() !== '');
    const found = phrases.filter((p) => containsPhrase(rest, p)).sort((a, b) => b.length - a.length)[0];
    if (found === undefined) continue;
    rest = removePhrase(rest, found);
    const options = phrases.map((p) => allOf(queryTerms(p))).filter((t): t is QueryTerm => t !== null);
    if (options.length > 0) alternatives.push(options.length === 1 ? options[0]! : { any: dedupe(options) });
  }
  return dedupe([...queryTerms(rest), ...alternatives]);
}

function allOf(terms: QueryTerm[]): QueryTerm | null {
  if (terms.length === 0) return null;
  return terms.length === 1 ? terms[0]! : { all: terms };
}

/** A Chinese phrase anywhere; a latin phrase on word boundaries (EC must not match inside spec). */
function containsPhrase(text: string, phrase: string): boolean {
  if (HAN_RE.test(phrase)) return text.includes(phrase);
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}

function removePhrase(text: string, phrase: string): string {
  if (HAN_RE.test(phrase)) return text.replace(phrase, ' ');
  return text.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}($|[^\\p{L}\\p{N}])`, 'u'), '$1 $2');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every token a query names, for highlighting and the tests. */
export function termTokens(terms: readonly QueryTerm[]): string[] {
  const out: string[] = [];
  const walk = (term: QueryTerm) => {
    if (typeof term === 'string') out.push(term);
    else if ('prefix' in term) out.push(term.prefix);
    else if ('any' in term) term.any.forEach(walk);
    else term.all.forEach(walk);
  };
  terms.forEach(walk);
  return out;
}

/**
 * The terms of a key being typed (suggestions): as `expandSynonyms`, except that a latin word at its
 * end is the start of a word, so `snap` finds snapshots and `dedup` deduplication. The index holds
 * stems, which can be shorter than what is typed (replication is kept as `replic`, so `replicat`
 * starts no token): a longer word also asks its last few shorter forms as whole tokens.
 */
export function typingTerms(key: string, groups: readonly (readonly string[])[]): QueryTerm[] {
  const text = normalise(key);
  const last = [...text.matchAll(RUN)].at(-1);
  if (!last?.[2] || last.index + last[0].length !== text.length) return expandSynonyms(key, groups);
  const word = last[2].slice(0, MAX_TOKEN);
  const options: QueryTerm[] = [{ prefix: word }];
  if (/^\p{L}{5,}$/u.test(word)) {
    for (let k = Math.max(3, word.length - STEM_CUT); k < word.length; k++) options.push(word.slice(0, k));
  }
  const typing: QueryTerm = options.length === 1 ? options[0]! : { any: options };
  return dedupe([...expandSynonyms(text.slice(0, last.index), groups), typing]);
}
