import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '@portal/contracts/constants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accountsHarness, type TestMember } from '../../test/accounts-harness';

// The exact inputs the call fuzzer (fuzz.routes.test.ts) found answering 500 on PostgreSQL, each
// now refused as a bad field on both databases.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
  member = await h.registerMember();
  await h.completeInformation(member);
});
afterAll(async () => t?.close());

const call = (path: string, body: unknown, as?: TestMember) =>
  h.call('protal', path, body, { ...(as ? { as } : {}), ip: h.freshIp() });

describe('ids past the database integer', () => {
  it.each([
    ['/api/post/edit', { tp_id: ID_MAX + 1, tp_title: 'x', tp_hy_dd_id: 1, tp_cj_dd_id: 1, tp_content: '<p>x</p>' }],
    ['/api/post/delete', { tp_id: ID_MAX + 1 }],
    ['/api/post/withdraw', { tp_id: ID_MAX + 1 }],
    ['/api/post/info', { tp_id: ID_MAX + 1, is_preview: true }],
    ['/api/post/like', { tp_id: ID_MAX + 1 }],
    ['/api/post/favourite', { tp_id: ID_MAX + 1 }],
    ['/api/post/acceptAnswer', { tp_id: ID_MAX + 1, tpc_id: 1 }],
    ['/api/comment/list', { tp_id: ID_MAX + 1, limit: 4 }],
    ['/api/comment/replies', { tpc_id: ID_MAX + 1, limit: 4 }],
    ['/api/comment/add', { tp_id: ID_MAX + 1, tpc_content: 'x' }],
    ['/api/comment/delete', { tpc_id: ID_MAX + 1 }],
    ['/api/comment/like', { tpc_id: ID_MAX + 1 }],
    ['/user/userDetail', { id: ID_MAX + 1 }],
    ['/userfollow/add', { user_id: ID_MAX + 1 }],
  ])('%s refuses id 2147483648 as a bad field (400), not a 500', async (path, body) => {
    const res = await call(path, body, member);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 40001 });
  });
});

describe('NUL characters in text', () => {
  it('refuses a NUL anywhere in a body as a bad field (400), before any query', async () => {
    const login = await call('/api/user/login', { account: '\u0000', password: 'ᖪ𓃞῝🔜𓎊🧤𒉫𝝈𐘕' });
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json()).toMatchObject({ status: 40001, data: { field: 'account' } });
    const nested = await call('/api/comment/add', { tp_id: 1, tpc_content: 'a\u0000b' }, member);
    expect(nested.statusCode, nested.body).toBe(400);
    expect(nested.json()).toMatchObject({ status: 40001, data: { field: 'tpc_content' } });
  });

  it('still signs in with a body without NUL', async () => {
    const res = await call('/api/user/login', { account: member.email, password: member.password });
    expect(res.statusCode, res.body).toBe(200);
  });
});
