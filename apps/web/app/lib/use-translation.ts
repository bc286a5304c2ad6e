import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction, TOptions } from 'i18next';
import type { CheckedKey, MessageNamespace, NamespaceKey, QualifiedKey, ServerNamespace } from '@portal/locales/keys';

/** A namespace of the portal's catalogue or of the back office's (not the server's own texts). */
export type TextNamespace = Exclude<MessageNamespace, ServerNamespace>;

/** What `t()` of namespace `Ns` looks up: a key of `Ns`, or `namespace:key` of any namespace. */
export type TextKey<Ns extends TextNamespace> = NamespaceKey<Ns> | QualifiedKey<TextNamespace>;

/**
 * `t()` with its key checked against the catalogue: a literal key (`t('empty')`,
 * `` t(`status.${s}`) `` with `s` a union of literals) must name a text of the namespace or be
 * `namespace:key`, so a typo fails the typecheck; a key computed at run time (a `string`) is
 * looked up as it is. Always answers a string.
 */
export type TextFunction<Ns extends TextNamespace = 'common'> = <K extends string>(
  key: K & CheckedKey<K, TextKey<Ns>>,
  options?: TOptions,
) => string;

export interface Translation<Ns extends TextNamespace> {
  t: TextFunction<Ns>;
  i18n: I18n;
}

/**
 * One answer per instance and namespace, made on first use. A fixed `t` looks its texts up when it
 * is called, in the instance's language, so texts added to the instance later are found too.
 */
const translations = new WeakMap<I18n, Map<string, { t: TFunction<TextNamespace>; i18n: I18n }>>();

/**
 * react-i18next's `useTranslation` without its per-call cost: react-i18next copies the whole i18next
 * instance on every call during server rendering (refs never persist there), to notice a language
 * changing in place. Ours never do (`createI18n` makes one instance per language, and switching
 * language switches instance), so the same `{ t, i18n }` serves every render.
 *
 * Without `ns`, `t` uses the instance's default namespace (`common`); keys of other namespaces are
 * written `namespace:key`.
 */
export function useTranslation<const Ns extends TextNamespace = 'common'>(ns?: Ns): Translation<Ns> {
  const i18n = (useContext(I18nContext) as { i18n: I18n } | undefined)?.i18n;
  if (!i18n) throw new Error('useTranslation needs an <I18nextProvider> above it');
  let byNamespace = translations.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translations.set(i18n, byNamespace);
  }
  const key = ns ?? '';
  let translation = byNamespace.get(key);
  if (!translation) {
    translation = { t: remembering(i18n, i18n.getFixedT(null, ns ?? null)), i18n };
    byNamespace.set(key, translation);
  }
  return translation as unknown as Translation<Ns>;
}

/**
 * A fixed `t` that remembers the texts it was asked for without options (most calls: labels,
 * headings, buttons), so a page's hundreds of lookups cost a map read each instead of i18next's
 * resolution. Asked with options (interpolation, plurals, defaults), it asks i18next every time.
 * Texts added to the instance later (a lazily loaded part's) clear what it remembers.
 */
function remembering(i18n: I18n, fixed: TFunction<TextNamespace>): TFunction<TextNamespace> {
  const lookUp = fixed as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  i18n.store.on('added', () => texts.clear());
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return lookUp(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = lookUp(key);
      texts.set(key, text);
    }
    return text;
  };
  // The same properties as i18next's fixed t (its language, namespace and key prefix).
  return Object.assign(t, fixed) as unknown as TFunction<TextNamespace>;
}
