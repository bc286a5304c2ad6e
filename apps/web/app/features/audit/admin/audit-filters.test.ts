import { describe, expect, it } from 'vitest';
import { adminAuditList } from '@portal/contracts/admin';
import { actionOptions, bodyFromValues, localDayStart, searchFromValues, valuesFromSearch } from './audit-filters';

describe('the audit filters', () => {
  it('round-trip through the URL, the managed site first, empty values left out', () => {
    const values = { actor: '12', action: 'user.', kind: 'user', target: '7', from: '2026-11-01', to: '2026-11-03' };
    const search = searchFromValues({ ...values, target: '7 ' }, 'protal_en');
    expect(search).toBe('?site=protal_en&actor=12&action=user.&kind=user&target=7&from=2026-11-01&to=2026-11-03');
    expect(valuesFromSearch(new URLSearchParams(search))).toEqual(values);
    expect(searchFromValues({ actor: ' ', action: '' }, 'protal')).toBe('?site=protal');
  });

  it('turn days into a local range, the last day included', () => {
    const body = bodyFromValues({ from: '2026-11-01', to: '2026-11-03' });
    expect(body.from).toBe(new Date(2026, 10, 1).getTime());
    expect(body.to).toBe(new Date(2026, 10, 4).getTime());
    expect(adminAuditList.body.safeParse(body).success).toBe(true);
  });

  it('pass what is not a number or a day on, for the contract to name the field', () => {
    const body = bodyFromValues({ actor: 'abc', from: 'yesterday', kind: 'user', target: '5' });
    expect(body).toEqual({ actor_id: 'abc', from: 'yesterday', target_kind: 'user', target_id: '5' });
    const issues = adminAuditList.body.safeParse(body);
    expect(issues.success).toBe(false);
    expect(Number.isNaN(localDayStart('2026-13'))).toBe(true);
  });

  it('offer each domain as a prefix before the actions', () => {
    expect(actionOptions(['banner.update', 'user.ban', 'user.unban', 'misc'])).toEqual([
      'banner.',
      'user.',
      'banner.update',
      'user.ban',
      'user.unban',
      'misc',
    ]);
  });
});
