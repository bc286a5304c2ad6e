import { describe, expect, it } from 'vitest';
import { commentList, postInfo, type PostDetail } from '@portal/contracts/discussions';
import { STATUS } from '@portal/contracts/envelope';
import type { PortalLoadContext } from '@portal/contracts/ssr';
import { SITES } from '@portal/contracts/sites';
import { callQuery } from './call-query';
import { detailResponse, noDetail, type DetailPageSpec } from './detail-page';
import { loadDetailPage } from './prefetch.server';

const [site] = SITES;
const postPage: DetailPageSpec<PostDetail, { title: string }> = {
  detail: (s, id) => callQuery(postInfo, s, { tp_id: id }),
  headOf: (post) => ({ title: post.tp_title }),
};

/** A load context whose in-process calls answer from `answers` (the call id), refusing the rest. */
function contextAnswering(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const context = {
    api: {
      async call(contract: { id: string }) {
        calls.push(contract.id);
        return contract.id in answers
          ? { status: STATUS.ok, msg: 'ok', data: answers[contract.id] }
          : { status: 404, msg: 'not found', data: null };
      },
    },
  } as unknown as PortalLoadContext;
  return { context, calls };
}

describe('a detail page on the server', () => {
  it('takes its head from the item and prefetches the blocks with it', async () => {
    const { context, calls } = contextAnswering({ [postInfo.id]: { tp_title: 'Ceph' }, [commentList.id]: [] });
    const page = await loadDetailPage(context, site, postPage, 7, [callQuery(commentList, site, { tp_id: 7 })]);
    expect(page.id).toBe(7);
    expect(page.head).toEqual({ title: 'Ceph' });
    expect(calls.sort()).toEqual([commentList.id, postInfo.id].sort());
    expect(page.dehydratedState?.queries.map((q) => q.queryKey[1]).sort()).toEqual(calls);
    expect(detailResponse(page)).toBe(page);
  });

  it('answers 404 when the detail call refuses, whatever the blocks answered', async () => {
    const { context } = contextAnswering({ [commentList.id]: [] });
    const page = await loadDetailPage(context, site, postPage, 7, [callQuery(commentList, site, { tp_id: 7 })]);
    expect(page.head).toBeNull();
    expect(detailResponse(page)).toMatchObject({ data: page, init: { status: 404 } });
    expect(detailResponse(noDetail())).toMatchObject({ init: { status: 404 } });
  });
});
