import { catalogues } from '@portal/locales/catalogues';
import i18next, { type TFunction } from 'i18next';
import type { Lang } from '@portal/contracts/sites';
import type { CheckedKey, MessageKey } from '@portal/locales/keys';

const instance = i18next.createInstance();
void instance.init({
  resources: { zh: { translation: catalogues.zh }, en: { translation: catalogues.en } },
  lng: 'zh',
  fallbackLng: 'zh',
  initAsync: false,
  // Messages travel in JSON, never into HTML unescaped by the client.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed: Record<Lang, TFunction> = { zh: instance.getFixedT('zh'), en: instance.getFixedT('en') };

/**
 * A message from the catalogue in the site's language, by its stable key (`errors.forbidden`). A
 * literal key must name a message (`CheckedKey`): a typo fails the typecheck.
 */
export function translate<K extends string>(
  lang: Lang,
  key: K & CheckedKey<K>,
  vars?: Record<string, unknown>,
): string {
  return fixed[lang](key, vars ?? {}) as string;
}

export function isMessageKey(key: string): key is MessageKey {
  return instance.exists(key, { lng: 'zh' });
}
