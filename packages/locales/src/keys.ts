import type { Catalogue } from './catalogues';
import type { ServerCatalogue } from './server';

/** i18next's plural suffixes: `posts_one` / `posts_other` are asked for as `posts` with a count. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaf<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? K | Base : K;

/**
 * The dotted keys of the texts of a catalogue tree: `{ errors: { forbidden: '…' } }` gives
 * `'errors.forbidden'`. Only leaves (strings) are keys, plus the base of a plural (`posts`).
 */
export type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Leaf<K>}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every message of the product, as `namespace.key` (`errors.forbidden`, `roles.permissionNames.post.publish`),
 * derived from the zh catalogue that en is typed against: `ApiError`, the server's `translate`, the
 * web's `t()` and the permission names accept only these, so a typo fails the typecheck.
 */
export type MessageKey = KeysOf<Catalogue>;

/** A namespace of the whole catalogue (`errors`, `discuss`, `admin`…). */
export type MessageNamespace = keyof Catalogue & string;

/** The keys of one namespace, without the namespace (`t()` of `useTranslation('discuss')`). */
export type NamespaceKey<Ns extends MessageNamespace> = KeysOf<Catalogue[Ns]>;

/** The namespaces only the server sends (`errors`, `mail`): never in a browser's catalogue. */
export type ServerNamespace = keyof ServerCatalogue & string;

/** A key as i18next names one of another namespace: `accounts:emailInvalid`. */
export type QualifiedKey<Namespaces extends MessageNamespace = MessageNamespace> = {
  [Ns in Namespaces]: `${Ns}:${NamespaceKey<Ns>}`;
}[Namespaces];

/**
 * A message key as a function takes it, `key: K & CheckedKey<K>`: a literal (`'errors.forbiden'`)
 * must be a `MessageKey`, so a typo fails the typecheck; a key computed at run time (typed
 * `string`, or a pattern such as `` `upload.api.${string}` ``) cannot be checked by the compiler and
 * is taken as it is (the catalogue tests and `isMessageKey` check those).
 */
export type CheckedKey<K extends string, Keys extends string = MessageKey> =
  // `{}` fits a record keyed by `string` or by a pattern (an index signature), not by literals.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends Record<K, unknown> ? K : K extends Keys ? K : Keys;
