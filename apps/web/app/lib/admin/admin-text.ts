import type { TextKey } from './admin-page';

/** The text of a `<namespace>.<key>` key (as admin-pages.ts names titles) in the current language. */
export function textOf(t: (key: string) => string, key: TextKey): string {
  const at = key.indexOf('.');
  return t(`${key.slice(0, at)}:${key.slice(at + 1)}`);
}
