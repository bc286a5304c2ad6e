import { describe, expect, it } from 'vitest';
import { adminReviewList } from '@portal/contracts/reviews';
import { AGE_FILTERS, ageBody } from './admin/review-filters';
import { myPostUrl } from './components/MyPosts';

describe('the queue age filter', () => {
  it('turns each choice into the list call fields, all of them valid for the call', () => {
    expect(ageBody('all')).toEqual({});
    expect(ageBody('older3')).toEqual({ older_than_days: 3 });
    expect(ageBody('within7')).toEqual({ newer_than_days: 7 });
    expect(ageBody('between1and7')).toEqual({ older_than_days: 1, newer_than_days: 7 });
    for (const age of AGE_FILTERS) {
      expect(adminReviewList.body.safeParse({ ...ageBody(age.value) }).success, age.value).toBe(true);
    }
  });
});

describe("a link to one of 'My posts'", () => {
  it('opens the published page once approved, the author preview otherwise, in the post site', () => {
    expect(myPostUrl({ tp_id: 7, tws_id: 1, status: 20 }, 'en')).toBe('/cn/discuss/info/7');
    expect(myPostUrl({ tp_id: 7, tws_id: 2, status: 10 }, 'cn')).toBe('/en/discuss/info/7/1');
    expect(myPostUrl({ tp_id: 7, tws_id: 2, status: 30 }, 'cn')).toBe('/en/discuss/info/7/1');
    expect(myPostUrl({ tp_id: 7, tws_id: 9, status: 40 }, 'cn')).toBe('/cn/discuss/info/7/1');
  });
});
