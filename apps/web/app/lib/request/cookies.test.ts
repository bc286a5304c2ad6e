// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('siteData=2; accessToken=abc.def; theme=dark', 'accessToken')).toBe('abc.def');
    expect(readCookie('siteData=2; accessToken=abc.def', 'siteData')).toBe('2');
  });

  it('does not confuse a cookie with one whose name ends the same', () => {
    expect(readCookie('oldaccessToken=x; accessToken=y', 'accessToken')).toBe('y');
    expect(readCookie('oldaccessToken=x', 'accessToken')).toBeUndefined();
  });

  it('decodes percent-encoded values and strips quotes', () => {
    expect(readCookie('accessToken=a%20b%3D', 'accessToken')).toBe('a b=');
    expect(readCookie('accessToken="quoted"', 'accessToken')).toBe('quoted');
  });

  it('keeps a value whose encoding is broken as it is', () => {
    expect(readCookie('accessToken=100%', 'accessToken')).toBe('100%');
  });

  it('treats an absent or empty cookie as missing', () => {
    expect(readCookie('', 'accessToken')).toBeUndefined();
    expect(readCookie('accessToken=', 'accessToken')).toBeUndefined();
    expect(readCookie('accessToken', 'accessToken')).toBeUndefined();
  });
});
