import { describe, expect, it } from 'vitest';
import { nonceScriptStyles } from './nonce';

/** Just enough of a document: createElement makes plain objects with a tag name and a nonce. */
function fakeDocument() {
  return {
    createElement(tagName: string) {
      return { tagName: tagName.toUpperCase(), nonce: '' };
    },
  } as unknown as Document;
}

describe('nonceScriptStyles', () => {
  it('gives style elements created by scripts the page nonce, and nothing else', () => {
    const doc = fakeDocument();
    nonceScriptStyles(doc, 'abc123');
    expect((doc.createElement('style') as HTMLStyleElement).nonce).toBe('abc123');
    expect((doc.createElement('STYLE') as HTMLStyleElement).nonce).toBe('abc123');
    expect((doc.createElement('div') as unknown as { nonce: string }).nonce).toBe('');
    expect((doc.createElement('script') as HTMLScriptElement).nonce).toBe('');
  });

  it('leaves the document alone without a nonce', () => {
    const doc = fakeDocument();
    const original = doc.createElement;
    nonceScriptStyles(doc, undefined);
    expect(doc.createElement).toBe(original);
  });
});
