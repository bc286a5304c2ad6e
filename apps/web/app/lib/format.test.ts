import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { formatDate } from './format';

const [zh, en] = SITES;
const iso = '2026-11-21T16:30:00.000Z';

describe('date formatting', () => {
  it('renders in the site zone by default, so server and hydration agree', () => {
    expect(formatDate(iso, zh, { withTime: true })).toBe('2026/11/22 00:30');
    expect(formatDate(iso, en)).toBe('11/21/2026');
  });

  it('renders in a given zone, and falls back to the site zone for an unknown one', () => {
    expect(formatDate(iso, zh, { timeZone: 'UTC' })).toBe('2026/11/21');
    expect(formatDate(iso, zh, { timeZone: 'Not/AZone' })).toBe('2026/11/22');
  });

  it('prints nothing for an unreadable time', () => {
    expect(formatDate('soon', zh)).toBe('');
  });
});
