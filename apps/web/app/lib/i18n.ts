import { createInstance, type i18n as I18n } from 'i18next';
import type { Lang } from '@portal/contracts/sites';
import { catalogueOf, isCatalogueLoaded } from './catalogue';

/** Texts a lazily loaded part of the app brings along (the back office's), by language and namespace. */
export type ExtraTexts = Record<Lang, Record<string, object>>;

const extraTexts: ExtraTexts[] = [];
/** The browser's instances (one per language shown), so texts added later reach them too. */
const liveInstances = new Set<I18n>();

function addTo(instance: I18n, texts: ExtraTexts): void {
  for (const [lang, namespaces] of Object.entries(texts)) {
    for (const [ns, resources] of Object.entries(namespaces))
      instance.addResourceBundle(lang, ns, resources, true, true);
  }
}

/**
 * Adds the texts of a part of the app that is loaded on demand (the back office adds its own when
 * its chunk loads, the personal centre's sections theirs), to every instance made so far and every
 * one made after.
 */
export function addTexts(texts: ExtraTexts): void {
  if (extraTexts.includes(texts)) return;
  extraTexts.push(texts);
  for (const instance of liveInstances) addTo(instance, texts);
  // A lazy part the server renders too (the personal centre's sections) reaches the server's instances.
  for (const instance of serverInstances.values()) addTo(instance, texts);
}

/** True when `key` (`namespace.name`, or `namespace.group.name`) names a text of the loaded catalogues. */
export function isTextKey(key: string): boolean {
  const parts = key.split('.');
  if (parts.length < 2 || parts.some((p) => !p)) return false;
  // Both languages have the same keys: the page's own catalogue answers for either.
  return [catalogueOf('zh'), ...extraTexts.map((t) => t.zh)].some((root) => {
    let node: unknown = root;
    for (const part of parts) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string';
  });
}

/** The server's instances, one per language, made on first use and shared by every request. */
const serverInstances = new Map<Lang, I18n>();

/**
 * An i18next instance fixed to `lang`, with the portal's catalogue of every language loaded here
 * (both on the server; the page's own in the browser, see catalogue.ts), initialised synchronously,
 * plus any texts added so far. The server keeps one per
 * language for all requests (building one costs more than rendering a small page, and nothing on
 * the server changes an instance's language, so requests in different languages never share one);
 * the browser makes one per language shown.
 */
export function createI18n(lang: Lang): I18n {
  if (typeof window !== 'undefined') return makeInstance(lang);
  let instance = serverInstances.get(lang);
  if (!instance) {
    instance = makeInstance(lang);
    serverInstances.set(lang, instance);
  }
  return instance;
}

function makeInstance(lang: Lang): I18n {
  const instance = createInstance();
  const langs = (['zh', 'en'] as const).filter(isCatalogueLoaded);
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(langs.map((l) => [l, catalogueOf(l)])),
    ns: Object.keys(catalogueOf(lang)),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  for (const texts of extraTexts) addTo(instance, texts);
  if (typeof window !== 'undefined') liveInstances.add(instance);
  return instance;
}
