import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { languageGuardRedirect } from './guard';

const [zh, en] = SITES;

describe('the language guard', () => {
  it('lets a navigation in the stored language through', () => {
    expect(languageGuardRedirect('/cn/about', zh)).toBeNull();
    expect(languageGuardRedirect('/en/activity/info/3', en)).toBeNull();
  });

  it('sends a navigation in the other language to the same path in the stored language', () => {
    expect(languageGuardRedirect('/cn/activity/info/3', en)).toBe('/en/activity/info/3');
    expect(languageGuardRedirect('/en/discuss/list', zh)).toBe('/cn/discuss/list');
  });

  it('does nothing when no language is stored or the page belongs to no site', () => {
    expect(languageGuardRedirect('/en/about', undefined)).toBeNull();
    expect(languageGuardRedirect('/404', en)).toBeNull();
    expect(languageGuardRedirect('/', zh)).toBeNull();
  });
});
