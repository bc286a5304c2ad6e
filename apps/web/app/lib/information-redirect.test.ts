import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { informationRedirect } from './information-redirect';

const [zh, en] = SITES;
const origin = 'https://portal.example.com';
const page = (pathname: string, search = '') => ({ pathname, search, origin });

describe('the information redirect', () => {
  it('sends a member with is_edit 2 to the information page with the page asked for as callback', () => {
    expect(informationRedirect({ is_edit: 2 }, zh, page('/cn/stationed/mvp', '?kind=mvp'))).toBe(
      `/cn/information?callback=${encodeURIComponent('/cn/stationed/mvp?kind=mvp')}`,
    );
    expect(informationRedirect({ is_edit: 2 }, en, page('/en/userinfo'))).toBe(
      `/en/information?callback=${encodeURIComponent('/en/userinfo')}`,
    );
  });

  it('lets the information page itself through, and any path containing information', () => {
    expect(informationRedirect({ is_edit: 2 }, zh, page('/cn/information', '?callback=%2Fcn%2Fabout'))).toBeNull();
    expect(informationRedirect({ is_edit: 2 }, en, page('/en/information'))).toBeNull();
  });

  it('does nothing for visitors and for members who completed their information', () => {
    expect(informationRedirect(null, zh, page('/cn/about'))).toBeNull();
    expect(informationRedirect(undefined, zh, page('/cn/about'))).toBeNull();
    expect(informationRedirect({ is_edit: 1 }, zh, page('/cn/about'))).toBeNull();
  });

  it('never carries a callback that could leave the site', () => {
    expect(informationRedirect({ is_edit: 2 }, zh, page('//evil.com/x'))).toBe(
      `/cn/information?callback=${encodeURIComponent('/cn/index/index')}`,
    );
  });

  it('uses the site of the page for pages outside both prefixes', () => {
    expect(informationRedirect({ is_edit: 2 }, en, page('/404'))).toBe(
      `/en/information?callback=${encodeURIComponent('/404')}`,
    );
  });
});
