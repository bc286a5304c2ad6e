import { useId, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Checkbox from 'antd/es/checkbox';
import Tag from 'antd/es/tag';
import type { AuditEntry } from '@portal/contracts/admin';
import { diffStates, showValue } from './audit-diff';

/**
 * What an audit entry changed: one row per field with its value before and after, changed rows
 * highlighted and tagged (not by colour alone); "changed fields only" hides the rest.
 */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  const rows = diffStates(entry.before, entry.after);
  const changedCount = rows.filter((r) => r.changed).length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;

  return (
    <div className="admin-audit-diff" data-testid={`audit-diff-${entry.audit_id}`}>
      <div className="admin-audit-diff__head">
        <h3 id={captionId}>{t('diffTitle')}</h3>
        {rows.length > changedCount ? (
          <Checkbox checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)}>
            {t('diffOnlyChanged')}
          </Checkbox>
        ) : null}
        {entry.request_id ? (
          <span className="admin-audit-diff__request">{t('requestId', { id: entry.request_id })}</span>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p>{t('diffEmpty')}</p>
      ) : (
        <table className="admin-audit-diff__table" aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">{t('diffKey')}</th>
              <th scope="col">{t('diffBefore')}</th>
              <th scope="col">{t('diffAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} className={row.changed ? 'is-changed' : undefined} data-changed={row.changed}>
                <th scope="row">
                  <code>{row.key || '—'}</code>
                  {row.changed ? (
                    <Tag color="orange" className="admin-audit-diff__tag">
                      {t('diffChanged')}
                    </Tag>
                  ) : null}
                </th>
                <td>{row.inBefore ? <code>{showValue(row.before)}</code> : <span>{t('diffAbsent')}</span>}</td>
                <td>{row.inAfter ? <code>{showValue(row.after)}</code> : <span>{t('diffAbsent')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
