import { describe, expect, it } from 'vitest';
import { permitted, routePermissionList } from './permission-list';

describe('the permission directive (spec 6)', () => {
  const mine = ['feedback.send', 'post.publish', 'admin.access'];

  it("uses the member's permissions when no route narrows them", () => {
    expect(routePermissionList(mine, [undefined, { hideFooter: true }])).toEqual(mine);
  });

  it('narrows the list to the actions the matched routes declare', () => {
    expect(routePermissionList(mine, [{ permissions: ['post.publish'] }, { permissions: ['review.post'] }])).toEqual([
      'post.publish',
    ]);
  });

  it('gives a visitor an empty list', () => {
    expect(routePermissionList(undefined, [])).toEqual([]);
  });

  it('leaves every element in place while the switch is off', () => {
    expect(permitted(false, [], 'feedback.send')).toBe(true);
  });

  it('keeps an element only when the list holds its action while the switch is on', () => {
    expect(permitted(true, mine, 'feedback.send')).toBe(true);
    expect(permitted(true, mine, 'review.journal')).toBe(false);
    expect(permitted(true, [], 'feedback.send')).toBe(false);
  });
});
