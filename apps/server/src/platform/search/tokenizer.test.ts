import { describe, expect, it } from 'vitest';
import { fts5Match } from './sqlite-search-engine';
import { tsqueryLiteral, tsvectorLiteral } from './postgres-search-engine';
import { highlighter, markHits, snippet } from './search-snippet';
import { expandSynonyms, indexTokens, queryTerms, typingTerms } from './tokenizer';

describe('the search tokeniser', () => {
  it('indexes every Chinese character and two-character window, and longer words', () => {
    const tokens = indexTokens('分布式存储');
    expect(tokens).toEqual(expect.arrayContaining(['分', '存', '储', '分布', '存储', '式存', '分布式']));
  });

  it('asks for one- and two-character Chinese keys as written, longer ones word by word', () => {
    expect(queryTerms('存')).toEqual(['存']);
    expect(queryTerms('存储')).toEqual(['存储']);
    expect(queryTerms('分布式')).toEqual([{ any: ['分布式', { all: ['分布', '布式'] }] }]);
  });

  it('lower-cases and stems English words, and drops function words', () => {
    expect(indexTokens('The Snapshots of Backups')).toEqual(['snapshot', 'backup']);
    expect(queryTerms('snapshotting')).toEqual(['snapshot']);
    expect(queryTerms('the of and')).toEqual([]);
  });

  it('keeps product names as written, and their parts for the index', () => {
    expect(indexTokens('NVMe-oF')).toEqual(['nvme-of', 'nvme']);
    expect(indexTokens('EC 8+3, S3 and C++.')).toEqual(['ec', '8+3', '8', '3', 's3', 'c++', 'c']);
    expect(queryTerms('NVMe-oF 性能')).toEqual(['nvme-of', '性能']);
    expect(queryTerms('EC 8+3')).toEqual(['ec', '8+3']);
  });

  it('reads full-width letters and digits as their ASCII forms', () => {
    expect(queryTerms('ＳＳＤ')).toEqual(['ssd']);
  });

  it('expands a key by the synonym group it holds', () => {
    const groups = [
      ['对象存储', 'object storage'],
      ['EC', '纠删码'],
    ];
    expect(expandSynonyms('对象存储 性能', groups)).toEqual([
      '性能',
      { any: [{ all: ['对象', '存储'] }, { all: ['object', 'storag'] }] },
    ]);
    // A latin phrase matches on word boundaries only: "spec" holds no "ec".
    expect(expandSynonyms('spec', groups)).toEqual(['spec']);
  });
});

describe('the engines’ query and document literals', () => {
  it('quotes every token for FTS5', () => {
    expect(fts5Match(['8+3', { any: ['a"b', { all: ['x', 'y'] }] }])).toBe('"8+3" AND ("a""b" OR ("x" AND "y"))');
  });

  it('quotes every token for tsquery, and writes positions and weights into the tsvector', () => {
    expect(tsqueryLiteral(["it's", { any: ['a', 'b'] }])).toBe("'it''s' & ('a' | 'b')");
    expect(tsvectorLiteral('ceph ceph', 'ceph osd')).toBe("'ceph':1A,2A,3 'osd':4");
  });
});

describe('snippets', () => {
  it('escape the text and mark the matches, stemmed words whole', () => {
    const marker = highlighter(queryTerms('snapshot 快照'));
    expect(markHits('<b>Snapshots</b> 与快照', marker)).toBe(
      '&#60;b&#62;<em>Snapshots</em>&#60;/b&#62; 与<em>快照</em>',
    );
  });

  it('show the text as written (full-width punctuation kept) while matching its folded form', () => {
    expect(markHits('对象存储七日训练营（线上）', highlighter(queryTerms('对象存储')))).toBe(
      '<em>对象存储</em>七日训练营（线上）',
    );
    expect(markHits('ＮＶＭｅ-oF 实战，深圳站', highlighter(queryTerms('nvme-of')))).toBe(
      '<em>ＮＶＭｅ-oF</em> 实战，深圳站',
    );
    expect(snippet(`${'甲'.repeat(100)}：快照（只读）`, highlighter(queryTerms('快照')))).toContain(
      '：<em>快照</em>（只读）',
    );
  });

  it('start near the first match and say when they cut', () => {
    const marker = highlighter(queryTerms('快照'));
    const text = `${'甲'.repeat(100)}快照${'乙'.repeat(300)}`;
    const out = snippet(text, marker);
    expect(out.startsWith('…')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
    expect(out).toContain('<em>快照</em>');
  });

  it('asks the start of a latin word being typed, and its shorter forms as stems, for suggestions', () => {
    expect(typingTerms('snap', [])).toEqual([{ prefix: 'snap' }]);
    expect(typingTerms('Ceph replicat', [])).toEqual([
      'ceph',
      { any: [{ prefix: 'replicat' }, 'repl', 'repli', 'replic', 'replica'] },
    ]);
    expect(typingTerms('存储', [])).toEqual(['存储']);
    expect(typingTerms('snapshot 性能', [])).toEqual(['snapshot', '性能']);
    expect(fts5Match([{ prefix: 'snap' }])).toBe('"snap"*');
    expect(tsqueryLiteral(['ceph', { prefix: 'snap' }])).toBe("'ceph' & 'snap':*");
  });
});
