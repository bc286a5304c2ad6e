import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { loginView, loginViewPath } from './login-view';
import { afterSignInPath, callbackOf, withCallback } from './sign-in-target';

const [zh, en] = SITES;
const origin = 'https://portal.example.com';
const query = (callback: string) => `?callback=${encodeURIComponent(callback)}`;

describe('the login page segments', () => {
  it('reads the form and the channel, defaulting to password sign-in by email', () => {
    expect(loginView({})).toEqual({ type: 'password', channel: 'email' });
    expect(loginView({ logintype: 'register', loginTab: 'sms' })).toEqual({ type: 'register', channel: 'sms' });
    expect(loginView({ logintype: 'code' })).toEqual({ type: 'code', channel: 'email' });
    expect(loginView({ logintype: 'wechat', loginTab: 'fax' })).toEqual({ type: 'password', channel: 'email' });
  });

  it('writes a view as a path that keeps the callback and leaves defaults out', () => {
    const search = query('/cn/about');
    expect(loginViewPath(zh, { type: 'password', channel: 'sms' }, search)).toBe(`/cn/login${search}`);
    expect(loginViewPath(zh, { type: 'code', channel: 'email' })).toBe('/cn/login/code');
    expect(loginViewPath(en, { type: 'register', channel: 'sms' }, search)).toBe(`/en/login/register/sms${search}`);
  });
});

describe('the callback after signing in', () => {
  it('returns to a same-site callback, with its query', () => {
    expect(afterSignInPath({ is_edit: 1 }, zh, query('/cn/stationed/mvp?kind=mvp'), origin)).toBe(
      '/cn/stationed/mvp?kind=mvp',
    );
  });

  it('goes home without a callback or with one that could leave the site', () => {
    expect(afterSignInPath({ is_edit: 1 }, en, '', origin)).toBe('/en/index/index');
    for (const evil of ['//evil.com', 'https://evil.com/x', '/\\evil.com', 'javascript:alert(1)', '/%2F%2Fevil.com']) {
      expect(afterSignInPath({ is_edit: 1 }, en, query(evil), origin)).toBe('/en/index/index');
    }
    expect(afterSignInPath({ is_edit: 1 }, zh, `?callback=${encodeURIComponent(`${origin}/cn/about`)}`, origin)).toBe(
      '/cn/index/index',
    );
  });

  it('sends a new registration (is_edit 2) to the information page first, keeping the target', () => {
    expect(afterSignInPath({ is_edit: 2 }, zh, query('/cn/about'), origin)).toBe(
      `/cn/information?callback=${encodeURIComponent('/cn/about')}`,
    );
    expect(afterSignInPath({ is_edit: 2 }, en, '', origin)).toBe(
      `/en/information?callback=${encodeURIComponent('/en/index/index')}`,
    );
  });

  it('reads a callback only when it is safe', () => {
    expect(callbackOf(query('/en/about'), en, origin)).toBe('/en/about');
    expect(callbackOf(query('//evil.com'), en, origin)).toBe('/en/index/index');
  });

  it('carries the callback between the login and recovery pages only when there is one', () => {
    expect(withCallback('/cn/forget', '', zh, origin)).toBe('/cn/forget');
    expect(withCallback('/cn/forget', query('/cn/about'), zh, origin)).toBe(`/cn/forget${query('/cn/about')}`);
    expect(withCallback('/cn/login', query('//evil.com'), zh, origin)).toBe(`/cn/login${query('/cn/index/index')}`);
  });
});
