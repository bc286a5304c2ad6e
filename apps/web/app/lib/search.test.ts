import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { keywordInPath, normaliseKeyword, searchPath } from './search';

const [zh, en] = SITES;

describe('search keywords', () => {
  it('trims and cuts a keyword to 20 characters', () => {
    expect(normaliseKeyword('  ceph  ')).toBe('ceph');
    expect(normaliseKeyword('a'.repeat(25))).toBe('a'.repeat(20));
    expect(normaliseKeyword(`${'b'.repeat(19)}  c`)).toBe('b'.repeat(19));
  });

  it('counts characters, not UTF-16 units, so nothing is cut in half', () => {
    const emoji = '📦'.repeat(21);
    expect(Array.from(normaliseKeyword(emoji))).toHaveLength(20);
    expect(normaliseKeyword('对象存储'.repeat(6))).toBe('对象存储'.repeat(5));
  });

  it('goes to /{prefix}/search/{keyword}, encoded, or to the bare search page', () => {
    expect(searchPath(zh, ' 对象 存储 ')).toBe(`/cn/search/${encodeURIComponent('对象 存储')}`);
    expect(searchPath(en, 'a/b?c')).toBe('/en/search/a%2Fb%3Fc');
    expect(searchPath(en, '   ')).toBe('/en/search');
  });

  it('reads the keyword back from a search page path', () => {
    expect(keywordInPath(searchPath(zh, '对象存储'), zh)).toBe('对象存储');
    expect(keywordInPath('/cn/about', zh)).toBe('');
    expect(keywordInPath('/cn/search/%E0%A4%A', zh)).toBe('');
  });
});
