import { describe, expect, it } from 'vitest';
import { resendAt, secondsLeft } from './countdown';

describe('the send-code countdown', () => {
  it('waits what the server says, else 60 seconds', () => {
    expect(resendAt(1_000, 45)).toBe(46_000);
    expect(resendAt(1_000, undefined)).toBe(61_000);
    expect(resendAt(1_000, 0)).toBe(61_000);
  });

  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 99_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});
