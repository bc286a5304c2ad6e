import { describe, expect, it } from 'vitest';
import { PROFILE_CARD_EVENT, readProfileCardDetail } from './profile-card-events';

const event = (detail: unknown) => Object.assign(new Event(PROFILE_CARD_EVENT), { detail });

describe('the profile card event', () => {
  it('reads the member to show', () => {
    expect(readProfileCardDetail(event({ userId: 7 }))).toEqual({ userId: 7 });
  });

  it('ignores anything that is not a member id', () => {
    for (const detail of [null, undefined, {}, { userId: '7' }, { userId: 0 }, { userId: -1 }, { userId: 1.5 }]) {
      expect(readProfileCardDetail(event(detail))).toBeNull();
    }
  });
});
