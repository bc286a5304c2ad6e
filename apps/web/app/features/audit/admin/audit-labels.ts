import { useMemo } from 'react';
import { useTranslation } from '~/lib/use-translation';

/**
 * The audit log's words for its codes: every action, target kind and domain the server writes has
 * a label in both languages (`admin.auditActions`, `auditTargets`, `auditDomains`); a code from
 * before a label existed shows as it is rather than as a missing key.
 */
export function useAuditLabels() {
  const { t, i18n } = useTranslation('admin');
  return useMemo(() => {
    const label = (key: string, code: string) => (i18n.exists(`admin:${key}`) ? t(key) : code);
    const domain = (code: string) => label(`auditDomains.${code}`, code);
    return {
      action: (code: string) => label(`auditActions.${code}`, code),
      target: (kind: string) => label(`auditTargets.${kind}`, kind),
      /** An action filter: one action, or `user.` for every action of a domain. */
      filter: (code: string) =>
        code.endsWith('.')
          ? t('auditDomainAll', { domain: domain(code.slice(0, -1)) })
          : label(`auditActions.${code}`, code),
    };
  }, [t, i18n]);
}
