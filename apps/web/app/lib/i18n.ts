import { createInstance, type i18n as I18n } from 'i18next';
import type { Lang } from '@portal/contracts/sites';
import { catalogues } from '@portal/locales/catalogues';

export const NAMESPACES = Object.keys(catalogues.zh) as Array<keyof typeof catalogues.zh>;

/**
 * A new i18next instance fixed to `lang`, with both catalogues bundled (no backend, initialised
 * synchronously). The server makes one per request so that two requests in different languages can
 * never share a language setting; the browser makes one per language shown.
 */
export function createI18n(lang: Lang): I18n {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: catalogues,
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
