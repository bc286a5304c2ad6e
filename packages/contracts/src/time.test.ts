import { describe, expect, it } from 'vitest';
import { dateInZone, formatTime, knownTimeZone, monthRangeInZone, viewerTimeZone } from './time';

const iso = '2026-11-21T16:30:00.000Z';

describe('time formatting', () => {
  it('prints one format per language, in the site zone when the viewer’s is unknown', () => {
    expect(formatTime(iso, 'zh')).toBe('2026-11-22 00:30');
    expect(formatTime(iso, 'en')).toBe('21 Nov 2026, 16:30');
    expect(formatTime(iso, 'zh', { withTime: false })).toBe('2026-11-22');
    expect(formatTime(iso, 'en', { withTime: false })).toBe('21 Nov 2026');
  });

  it('prints in the viewer’s zone, and falls back to the site zone for an unknown one', () => {
    expect(formatTime(iso, 'zh', { timeZone: 'UTC' })).toBe('2026-11-21 16:30');
    expect(formatTime(iso, 'en', { timeZone: 'Asia/Shanghai' })).toBe('22 Nov 2026, 00:30');
    expect(formatTime(Date.parse(iso), 'en', { timeZone: 'America/New_York' })).toBe('21 Nov 2026, 11:30');
    expect(formatTime(iso, 'zh', { timeZone: 'Not/AZone' })).toBe('2026-11-22 00:30');
    expect(formatTime('2026-01-01T00:05:00Z', 'zh', { timeZone: 'UTC' })).toBe('2026-01-01 00:05');
  });

  it('prints nothing for an unreadable time', () => {
    expect(formatTime('soon', 'zh')).toBe('');
    expect(formatTime(Number.NaN, 'en')).toBe('');
  });

  it('accepts only zone names the runtime knows, by their own spelling', () => {
    expect(knownTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(knownTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone('<script>')).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
    expect(viewerTimeZone(null, 'zh')).toBe('Asia/Shanghai');
    expect(viewerTimeZone('Europe/Paris', 'en')).toBe('Europe/Paris');
  });
});

describe('months and days in a zone', () => {
  it('gives the month a zone calls so, and the day a time falls on there', () => {
    expect(monthRangeInZone('2031-03', 'Asia/Shanghai')).toEqual({
      from: Date.UTC(2031, 1, 28, 16),
      to: Date.UTC(2031, 2, 31, 16),
    });
    // New York moves its clocks on 9 March 2031: the month still starts and ends at local midnight.
    expect(monthRangeInZone('2031-03', 'America/New_York')).toEqual({
      from: Date.UTC(2031, 2, 1, 5),
      to: Date.UTC(2031, 3, 1, 4),
    });
    expect(monthRangeInZone('2031-12', 'UTC')).toEqual({ from: Date.UTC(2031, 11, 1), to: Date.UTC(2032, 0, 1) });
    expect(dateInZone(Date.UTC(2031, 2, 31, 15), 'Asia/Shanghai')).toBe('2031-03-31');
    expect(dateInZone(Date.UTC(2031, 2, 31, 16), 'Asia/Shanghai')).toBe('2031-04-01');
    expect(dateInZone(Date.UTC(2031, 2, 31, 16), 'Not/AZone')).toBe('2031-03-31');
  });
});
