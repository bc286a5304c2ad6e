import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogues';

/** Every text of a catalogue tree with its dotted key. */
function leaves(tree: object, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as object, `${prefix}${key}.`),
  );
}

const PLURAL = /_(one|other)$/;

/** Counts that stand as figures, with no word to agree: "Words: 3 / 10000". */
const FIGURES = new Set(['editor.words.count']);

describe('counts in the catalogues', () => {
  it('words every English count with i18next plural forms, one and other, and no "(s)"', () => {
    const en = leaves(catalogues.en);
    const keys = new Set(en.map(([key]) => key));
    const counted = en.filter(([key, text]) => text.includes('{{count}}') && !FIGURES.has(key)).map(([key]) => key);
    expect(counted.length).toBeGreaterThan(10);
    expect(
      counted.filter((key) => !PLURAL.test(key)),
      'counts without plural forms',
    ).toEqual([]);
    for (const key of keys) {
      if (key.endsWith('_one')) expect(keys, `${key} has its _other`).toContain(key.replace(/_one$/, '_other'));
      if (key.endsWith('_other')) expect(keys, `${key} has its _one`).toContain(key.replace(/_other$/, '_one'));
    }
    const guessed = en.filter(([, text]) => /\w\(s\)/.test(text.replace(/https?\(s\)|http\(s\)/g, '')));
    expect(
      guessed.map(([key]) => key),
      'texts that guess a plural with "(s)"',
    ).toEqual([]);
  });

  it('has the same plural keys in Chinese, so both languages take the same count', () => {
    const zh = new Set(leaves(catalogues.zh).map(([key]) => key));
    const plural = leaves(catalogues.en)
      .map(([key]) => key)
      .filter((key) => PLURAL.test(key));
    expect(plural.filter((key) => !zh.has(key))).toEqual([]);
  });

  it('says "1 view" and "2 views" through i18next', async () => {
    const t = await i18next.createInstance().init({
      lng: 'en',
      resources: { en: { translation: catalogues.en } },
      initAsync: false,
    });
    expect(t('discuss.ui.views', { count: 1 })).toBe('1 view');
    expect(t('discuss.ui.views', { count: 2 })).toBe('2 views');
    expect(t('home.views', { count: 1 })).toBe('1 view');
    expect(t('home.comments', { count: 0 })).toBe('0 comments');
  });
});
