import { describe, expect, it } from 'vitest';
import { matchShare, walkFinds } from './postgres-search-engine';
import { queryTerms } from './tokenizer';

describe('how common PostgreSQL takes a key to be (decision 046)', () => {
  // 元数据 高可用 is asked as 元, 数据, 高 and 可用 (jieba's words of the key).
  const shares = new Map([
    ['元', 0.07],
    ['数据', 0.4],
    ['高', 0.08],
    ['可用', 0.08],
    ['snapshot', 0.07],
    ['snapshots', 0.001],
  ]);

  it('counts words that must all match as their rarest, not as their product', () => {
    // Found together in 7 % of the documents: the product (0.02 %) would send them to the GIN index.
    expect(matchShare(queryTerms('元数据 高可用'), shares)).toBeCloseTo(0.07, 5);
  });

  it('takes a word outside the statistics as rare, and alternatives as either', () => {
    expect(matchShare(queryTerms('zfs 元数据'), shares)).toBe(0);
    expect(matchShare([{ any: ['snapshot', 'zfs'] }], shares)).toBeCloseTo(0.07, 5);
    expect(matchShare([{ prefix: 'snap' }], shares)).toBeCloseTo(0.071, 5);
  });
});

describe('when PostgreSQL walks a key newest first (decision 050)', () => {
  const span = 50_000;

  it('walks a common key only when the rows it may pass hold as many matches as it is asked for', () => {
    // A million documents: the walk passes the newest 50,000 ids at most.
    expect(walkFinds(0.04, { documents: 1_000_000 }, 1_065, span)).toBe(true);
    expect(walkFinds(0.015, { documents: 1_000_000 }, 1_065, span)).toBe(false);
    // A small site: the walk would pass every document and still find too few.
    expect(walkFinds(0.16, { documents: 3_000 }, 1_065, span)).toBe(false);
    expect(walkFinds(0.4, { documents: 3_000 }, 1_065, span)).toBe(true);
  });

  it('asks the GIN index for a rare key however few matches are asked for', () => {
    expect(walkFinds(0.005, { documents: 1_000_000 }, 11, span)).toBe(false);
    expect(walkFinds(0.02, { documents: 1_000_000 }, 11, span)).toBe(true);
    expect(walkFinds(0.5, { documents: 0 }, 11, span)).toBe(false);
  });
});
