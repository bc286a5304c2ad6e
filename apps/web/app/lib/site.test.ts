import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { siteFromCookieHeader, siteOfPage } from './site';

const [zh, en] = SITES;

describe('the site of a page', () => {
  it('comes from the URL prefix whatever is stored', () => {
    expect(siteOfPage('/en/about', zh)).toBe(en);
    expect(siteOfPage('/cn/index/index', en)).toBe(zh);
  });

  it('comes from the stored language outside both sites, else Chinese', () => {
    expect(siteOfPage('/404', en)).toBe(en);
    expect(siteOfPage('/401', undefined)).toBe(zh);
  });

  it('reads the siteData cookie of a Cookie header', () => {
    expect(siteFromCookieHeader('accessToken=x; siteData=2')).toBe(en);
    expect(siteFromCookieHeader('siteData=9')).toBeUndefined();
    expect(siteFromCookieHeader(null)).toBeUndefined();
  });
});
