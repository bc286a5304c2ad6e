import type { Lang } from '@portal/contracts/sites';
import { siteCatalogues, type SiteCatalogue } from '@portal/locales/site';

/**
 * The portal's texts by language. The server (and the tests) carry both languages, since any
 * request may be either; the browser loads only its page's language (`loadCatalogue`, awaited by
 * entry.client.tsx before hydration and by the root's client loader before a page of the other
 * language renders), so a Chinese page never downloads the English texts and the reverse.
 *
 * `import.meta.env.SSR` and `MODE` are replaced at build time: in the browser build the branch is
 * `false`, and the bundled set (with its import) is left out of the client's chunks.
 */
const bundled: Partial<Record<Lang, SiteCatalogue>> =
  import.meta.env.SSR || import.meta.env.MODE === 'test' ? siteCatalogues : {};

const loaded = new Map<Lang, SiteCatalogue>(Object.entries(bundled) as Array<[Lang, SiteCatalogue]>);

/** Each language's catalogue as a chunk of its own. */
const importers: Record<Lang, () => Promise<SiteCatalogue>> = {
  zh: () => import('@portal/locales/zh').then((m) => m.zh),
  en: () => import('@portal/locales/en').then((m) => m.en),
};

/** Makes sure `lang`'s catalogue is here (a no-op on the server and once loaded). */
export async function loadCatalogue(lang: Lang): Promise<SiteCatalogue> {
  const known = loaded.get(lang);
  if (known) return known;
  const catalogue = await importers[lang]();
  loaded.set(lang, catalogue);
  return catalogue;
}

/**
 * The texts of `lang`, which must have been loaded (see above). Should a page ever ask for a
 * language it has not loaded, it gets one it has rather than failing (both have the same keys).
 */
export function catalogueOf(lang: Lang): SiteCatalogue {
  const catalogue = loaded.get(lang) ?? loaded.values().next().value;
  if (!catalogue) throw new Error(`No catalogue loaded (asked for ${lang})`);
  return catalogue;
}

/** Whether `lang`'s catalogue is loaded (an i18next instance can be made for it). */
export function isCatalogueLoaded(lang: Lang): boolean {
  return loaded.has(lang);
}
