import { describe, expect, it } from 'vitest';
import { commentList, postInfo } from '@portal/contracts/discussions';
import { postList } from '@portal/contracts/home';
import { callKey } from './call-query';
import { createQueryClient } from './query-client';
import { callPagesQuery, invalidateCalls } from './use-call';

describe('call keys', () => {
  it('derive from the contract, the site and the body', () => {
    expect(callKey(postList, 'protal', { limit: 8 })).toEqual(['call', postList.id, 'protal', { limit: 8 }]);
    expect(callKey(postList, 'protal')).toEqual(['call', postList.id, 'protal']);
    expect(callKey(postList)).toEqual(['call', postList.id]);
  });

  it('keep pages apart from the single answer, and a named list by its owner', () => {
    expect(callPagesQuery(postList, 'protal', { limit: 15 }).queryKey).toEqual([
      'call',
      postList.id,
      'protal',
      { limit: 15 },
      'pages',
    ]);
    expect(callPagesQuery(postList, 'protal_en', { limit: 15 }, { list: 'mine', owner: 7 }).queryKey).toEqual([
      'call',
      postList.id,
      'protal_en',
      'mine',
      7,
    ]);
  });
});

describe('invalidateCalls', () => {
  function seeded() {
    const client = createQueryClient();
    const keys = [
      callKey(postList, 'protal', { limit: 8 }),
      callKey(postInfo, 'protal', { tp_id: 1 }),
      callKey(postInfo, 'protal', { tp_id: 2 }),
      callKey(postInfo, 'protal_en', { tp_id: 1 }),
      [...callKey(commentList, 'protal', { tp_id: 1, limit: 15 }), 'pages'],
    ];
    for (const key of keys) client.setQueryData(key, {});
    const stale = () =>
      keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
    return { client, keys, stale };
  }

  it('marks stale every answer of the named calls and nothing else', async () => {
    const { client, keys, stale } = seeded();
    await invalidateCalls(client, [postInfo]);
    expect(stale()).toEqual([keys[1], keys[2], keys[3]].map((key) => JSON.stringify(key)));
  });

  it('narrows to a site and to bodies that include the given fields', async () => {
    const { client, keys, stale } = seeded();
    await invalidateCalls(client, [
      { call: postInfo, site: 'protal', body: { tp_id: 1 } },
      { call: commentList, site: 'protal', body: { tp_id: 1 } },
    ]);
    expect(stale()).toEqual([keys[1], keys[4]].map((key) => JSON.stringify(key)));
  });

  it('narrows by body on every site when no site is named', async () => {
    const { client, keys, stale } = seeded();
    await invalidateCalls(client, [{ call: postInfo, body: { tp_id: 1 } }]);
    expect(stale()).toEqual([keys[1], keys[3]].map((key) => JSON.stringify(key)));
  });
});
