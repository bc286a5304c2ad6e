import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { backOfficeCatalogues } from '@portal/locales/back-office';
import { siteCatalogues } from '@portal/locales/site';
import { addTexts, createI18n } from './i18n';
import { useTranslation } from './use-translation';

/** Renders two components asking for `common`, and returns the `t` each was given. */
function renderCommon(i18n: I18n): { html: string; ts: unknown[] } {
  const ts: unknown[] = [];
  function SiteName() {
    const { t } = useTranslation('common');
    ts.push(t);
    return <h1>{t('siteName')}</h1>;
  }
  function ViewAll() {
    const { t } = useTranslation('common');
    ts.push(t);
    return <a href="/">{t('viewAll')}</a>;
  }
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <SiteName />
      <ViewAll />
    </I18nextProvider>,
  );
  return { html, ts };
}

const adminTs: unknown[] = [];
function AdminTitle() {
  const { t } = useTranslation('admin');
  adminTs.push(t);
  return <h1>{t('title')}</h1>;
}

/** An instance as the browser makes it, so that `addTexts` reaches it after it was made. */
function browserInstance(lang: 'zh' | 'en'): I18n {
  vi.stubGlobal('window', {});
  try {
    return createI18n(lang);
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('useTranslation', () => {
  it('gives every component and every render the same t for one instance and namespace', () => {
    const i18n = createI18n('zh');
    const first = renderCommon(i18n);
    const second = renderCommon(i18n);
    const ts = [...first.ts, ...second.ts];
    expect(ts).toHaveLength(4);
    for (const t of ts) expect(t).toBe(ts[0]);
  });

  it("speaks each instance's language", () => {
    const zh = renderCommon(createI18n('zh')).html;
    const en = renderCommon(createI18n('en')).html;
    expect(zh).toContain(siteCatalogues.zh.common.siteName);
    expect(zh).toContain(siteCatalogues.zh.common.viewAll);
    expect(en).toContain(siteCatalogues.en.common.siteName);
    expect(en).toContain(siteCatalogues.en.common.viewAll);
    expect(siteCatalogues.en.common.siteName).not.toBe(siteCatalogues.zh.common.siteName);
  });

  it('finds texts added to the instance after its t was handed out', () => {
    const i18n = browserInstance('en');
    const render = () =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <AdminTitle />
        </I18nextProvider>,
      );
    expect(render()).not.toContain(backOfficeCatalogues.en.admin.title);
    addTexts(backOfficeCatalogues);
    expect(render()).toContain(backOfficeCatalogues.en.admin.title);
    expect(adminTs).toHaveLength(2);
    expect(adminTs[1]).toBe(adminTs[0]);
  });

  it('looks a text up once when asked without options, and every time with them', () => {
    const i18n = browserInstance('en');
    let t: TFunction | undefined;
    function Grab() {
      t = useTranslation('common').t as unknown as TFunction;
      return null;
    }
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Grab />
      </I18nextProvider>,
    );
    const lookUps = vi.spyOn(i18n, 't');
    expect(t!('siteName')).toBe(siteCatalogues.en.common.siteName);
    expect(t!('siteName')).toBe(siteCatalogues.en.common.siteName);
    expect(lookUps).toHaveBeenCalledTimes(1);
    // Options may change the text: never remembered.
    expect(t!('missing.key', { defaultValue: 'first' })).toBe('first');
    expect(t!('missing.key', { defaultValue: 'second' })).toBe('second');
    expect(lookUps).toHaveBeenCalledTimes(3);
  });
});
