import { describe, expect, it } from 'vitest';
import { clipText, listBody, searchWithView, viewFromSearch } from './inbox-view';

describe('the inbox view in the URL', () => {
  it('starts on the new tab without a keyword', () => {
    expect(viewFromSearch(new URLSearchParams('site=protal'))).toEqual({ tab: 'new', keyword: '' });
  });

  it('reads the tab and the keyword; an unknown tab is the default one', () => {
    expect(viewFromSearch(new URLSearchParams('status=handled&q=%20ceph%20'))).toEqual({
      tab: 'handled',
      keyword: 'ceph',
    });
    expect(viewFromSearch(new URLSearchParams('status=20')).tab).toBe('new');
  });

  it('cuts a keyword to the 50 characters the call takes', () => {
    expect(Array.from(viewFromSearch(new URLSearchParams(`q=${'存'.repeat(80)}`)).keyword)).toHaveLength(50);
  });

  it('keeps the managed site and leaves defaults out of the URL', () => {
    const base = new URLSearchParams('site=protal_en&status=all&q=x');
    expect(searchWithView(base, { tab: 'new', keyword: '' }).toString()).toBe('site=protal_en');
    expect(searchWithView(base, { tab: 'handled', keyword: 'nfs' }).toString()).toBe(
      'site=protal_en&status=handled&q=nfs',
    );
  });

  it('filters the list call by the tab and the keyword', () => {
    expect(listBody({ tab: 'new', keyword: '' }, 20)).toEqual({ tufb_status: 10, page_size: 20 });
    expect(listBody({ tab: 'handled', keyword: 'a' }, 20)).toEqual({ tufb_status: 20, keyword: 'a', page_size: 20 });
    expect(listBody({ tab: 'all', keyword: '' }, 20)).toEqual({ page_size: 20 });
  });
});

describe('clipText', () => {
  it('leaves a short feedback whole', () => {
    expect(clipText('one\ntwo')).toEqual({ text: 'one\ntwo', clipped: false });
  });

  it('keeps the first lines of a tall feedback', () => {
    expect(clipText('1\n2\n3\n4\n5', { chars: 100, lines: 3 })).toEqual({ text: '1\n2\n3…', clipped: true });
  });

  it('cuts a long line at whole code points', () => {
    const { text, clipped } = clipText('😀'.repeat(10), { chars: 4, lines: 3 });
    expect(clipped).toBe(true);
    expect(text).toBe('😀😀😀😀…');
  });

  it('keeps markup as the text it is', () => {
    expect(clipText('<b>x</b>').text).toBe('<b>x</b>');
  });
});
