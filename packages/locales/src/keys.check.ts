/**
 * Compile-time proof that message keys are checked (`tsc -p packages/locales` runs it; nothing
 * imports it): each `@ts-expect-error` fails the typecheck if the line below it stops being an error.
 */
import type { CheckedKey, MessageKey, NamespaceKey } from './keys';

declare function take<K extends string>(key: K & CheckedKey<K>): void;
declare const computed: string;
declare const pattern: `upload.api.${string}`;

export function proof(): void {
  const ok: MessageKey = 'errors.forbidden';
  const nested: MessageKey = 'roles.permissionNames.post.publish';
  const inNamespace: NamespaceKey<'discuss'> = 'ui.empty' as NamespaceKey<'discuss'>;
  // @ts-expect-error a typo is not a message key
  const typo: MessageKey = 'errors.forbiden';
  // @ts-expect-error a namespace is not a message
  const branch: MessageKey = 'errors';
  take('errors.forbidden');
  // @ts-expect-error a literal key must name a message
  take('errors.forbiden');
  // Keys computed at run time are taken as they are.
  take(computed);
  take(pattern);
  void [ok, nested, inNamespace, typo, branch];
}
