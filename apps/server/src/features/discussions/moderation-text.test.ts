import { describe, expect, it } from 'vitest';
import { excerptOf } from './moderation.service';

describe("a reported post's excerpt in the zone", () => {
  it('is the plain text of the sanitised HTML, entities decoded once, spaces collapsed', () => {
    expect(excerptOf('<p>Body with <strong>bold</strong> &amp; text</p>\n<p>and&nbsp;more</p>')).toBe(
      'Body with bold & text and more',
    );
    // Decoded once only: an escaped entity stays as typed.
    expect(excerptOf('<p>&amp;lt;script&amp;gt;</p>')).toBe('&lt;script&gt;');
  });

  it('is cut to the given length with an ellipsis', () => {
    const text = excerptOf(`<p>${'x'.repeat(400)}</p>`);
    expect(text).toHaveLength(300);
    expect(text.endsWith('…')).toBe(true);
    expect(excerptOf('<p>short</p>', 10)).toBe('short');
  });
});
