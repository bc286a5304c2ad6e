import { describe, expect, it } from 'vitest';
import { highlighter, markHits, snippet } from './search-snippet';

/**
 * The snippet as first written, over the whole body: every character spread into an array, the
 * whole body folded. The snippet that looks only as far as it must has to give the same passage.
 */
function wholeBodySnippet(body: string, marker: RegExp | null): string {
  const text = body.replace(/\s+/g, ' ').trim();
  let start = 0;
  if (marker) {
    const form = [...text].map((char) => char.normalize('NFKC'));
    const from: number[] = [];
    let at = 0;
    [...text].forEach((char, i) => {
      for (let unit = 0; unit < form[i]!.length; unit++) from.push(at);
      at += char.length;
    });
    marker.lastIndex = 0;
    const first = form.join('').search(marker);
    if (first >= 0) {
      const before = [...text.slice(0, from[first])].length;
      if (before > 40) start = [...text].slice(0, before - 40).join('').length;
    }
  }
  const chars = [...text.slice(start)];
  return (start > 0 ? '…' : '') + markHits(chars.slice(0, 160).join(''), marker) + (chars.length > 160 ? '…' : '');
}

/** Marks as first written: every character folded to NFKC on its own, then the same ranges. */
function markedCharByChar(text: string, marker: RegExp): string {
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
  const ranges: Array<[number, number]> = [];
  for (const m of form.matchAll(marker)) {
    if (m[0] === '') continue;
    const [start, end] = [from[m.index]!, from[m.index + m[0].length]!];
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  const escape = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  let out = '';
  let done = 0;
  for (const [start, end] of ranges) {
    out += `${escape(text.slice(done, start))}<em>${escape(text.slice(start, end))}</em>`;
    done = end;
  }
  return out + escape(text.slice(done));
}

/** A small seeded generator, so a failure names the text it failed on again. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const PIECES = [
  '存储',
  '分布式',
  '快照',
  '性能',
  '的',
  '，',
  '。',
  '（线上）',
  'Ｃｅｐｈ',
  'Ceph',
  'snapshots',
  ' ',
  '\n\n',
  'NVMe-oF',
  '😀',
  '𠀋',
  'EC 8+3',
  '数据',
  'a',
  // Characters NFKC changes, some into several units: a compatibility ideograph, a ligature,
  // half-width katakana, a circled digit, full-width digits, a combining accent; and a lone surrogate.
  '豈',
  'ﬁle',
  'ｶﾀｶﾅ',
  '①',
  '８＋３',
  'cafe\u0301',
  '\ud800',
  '<b>&',
];
const KEYS = [['存储'], ['快照'], ['snapshot'], ['ceph', '分布式'], ['nvme-of', '性能'], ['𠀋'], ['不在文中']];

describe('a search hit’s snippet', () => {
  it('is the whole-body passage for texts of every length, however far in their first match lies', () => {
    const random = generator(23);
    for (let round = 0; round < 400; round++) {
      const length = Math.floor(random() ** 2 * 6_000);
      let body = '';
      while (body.length < length) body += PIECES[Math.floor(random() * PIECES.length)];
      const marker = highlighter(KEYS[round % KEYS.length]!);
      expect(snippet(body, marker), `round ${round}`).toBe(wholeBodySnippet(body, marker));
    }
  });

  it('marks every match as folding each character on its own would', () => {
    const random = generator(50);
    const keys = [...KEYS, ['file'], ['8+3'], ['カタカナ'], ['1'], ['café']];
    for (let round = 0; round < 400; round++) {
      const length = Math.floor(random() * 300);
      let text = '';
      while (text.length < length) text += PIECES[Math.floor(random() * PIECES.length)];
      const marker = highlighter(keys[round % keys.length]!)!;
      expect(markHits(text, marker), `round ${round}`).toBe(markedCharByChar(text, marker));
    }
  });

  it('finds a match past the first stretch, one across its end, and one with a surrogate pair before it', () => {
    const marker = highlighter(['存储']);
    const filler = (n: number) => '数据'.repeat(n);
    for (const body of [
      `${filler(1_500)}存储${filler(100)}`,
      `${filler(999)}存储${filler(100)}`,
      `${filler(960)}存储${filler(500)}`,
      `${'😀'.repeat(60)}存储`,
      `${'😀'.repeat(40)}存储`,
      `${filler(20)}存储`,
    ]) {
      expect(snippet(body, marker)).toBe(wholeBodySnippet(body, marker));
      expect(snippet(body, marker)).toContain('<em>存储</em>');
    }
  });

  it('does not take a shorter match inside the first stretch for a longer one that crosses its end', () => {
    const marker = highlighter(['分布式存储', '布式']);
    const body = `${'数据'.repeat(998)}甲分布式存储${'乙'.repeat(300)}`;
    expect(snippet(body, marker)).toBe(wholeBodySnippet(body, marker));
    expect(snippet(body, marker)).toContain('<em>分布式存储</em>');
  });

  it('starts a passage forty characters before the match, and shows the text as written', () => {
    const marker = highlighter(['ceph']);
    const text = `${'甲'.repeat(50)}（线上）Ｃｅｐｈ 集群${'乙'.repeat(200)}`;
    const passage = snippet(text, marker);
    expect(passage.startsWith(`…${'甲'.repeat(36)}（线上）<em>Ｃｅｐｈ</em> 集群`)).toBe(true);
    expect(passage.endsWith('…')).toBe(true);
    expect([...passage.replace(/<\/?em>/g, '')]).toHaveLength(162);
  });
});
