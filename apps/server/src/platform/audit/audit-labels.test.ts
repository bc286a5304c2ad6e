import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS } from '@portal/contracts/audit';
import { catalogues } from '@portal/locales/catalogues';

/** A text of the catalogue by dotted path, or undefined. */
function textAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

// `recordAudit` takes only `AuditAction` and `AuditTargetKind` (a typecheck error otherwise), so
// these lists are every code the server can write.
describe('the audit log’s labels', () => {
  for (const lang of ['zh', 'en'] as const) {
    const admin = catalogues[lang].admin;

    it(`labels every action the server can write, in ${lang}`, () => {
      expect(AUDIT_ACTIONS.length).toBeGreaterThan(30);
      const missing = AUDIT_ACTIONS.filter((code) => {
        const label = textAt(admin.auditActions, code);
        return typeof label !== 'string' || label === '' || label === code;
      });
      expect(missing).toEqual([]);
    });

    it(`labels every target kind and every action's domain, in ${lang}`, () => {
      expect(AUDIT_TARGET_KINDS.filter((kind) => typeof textAt(admin.auditTargets, kind) !== 'string')).toEqual([]);
      const domains = [...new Set(AUDIT_ACTIONS.map((code) => code.split('.')[0]!))];
      expect(domains.filter((domain) => typeof textAt(admin.auditDomains, domain) !== 'string')).toEqual([]);
    });
  }

  it('says the same actions in both languages, and each in words of its own', () => {
    const zh = AUDIT_ACTIONS.map((code) => textAt(catalogues.zh.admin.auditActions, code));
    const en = AUDIT_ACTIONS.map((code) => textAt(catalogues.en.admin.auditActions, code));
    expect(new Set(zh).size).toBe(AUDIT_ACTIONS.length);
    expect(new Set(en).size).toBe(AUDIT_ACTIONS.length);
  });
});
