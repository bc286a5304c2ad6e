import { describe, expect, it } from 'vitest';
import { formatTime, knownTimeZone, viewerTimeZone } from './time';

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
