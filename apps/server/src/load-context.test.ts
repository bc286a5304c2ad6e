import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallContract } from '@portal/contracts/call';
import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import { createLoadContext } from './app';

const app = Fastify();
app.post('/api/protal/api/echo', async (request) => ({
  status: 200,
  msg: '',
  data: { ip: request.ip, cookie: request.headers.cookie ?? null, isapi: request.headers[REQUEST_HEADERS.isapi] },
}));
afterAll(() => app.close());

describe("the loaders' in-process calls", () => {
  it("carry the visitor's cookies and address, not the loopback's", async () => {
    const page = { ip: '203.0.113.9', id: 'req-1', cspNonce: 'n', headers: { cookie: 'token=abc' } };
    const context = createLoadContext(
      app,
      page as unknown as FastifyRequest,
      {} as FastifyReply,
      'https://community.example.com',
    );
    expect(context.publicUrl).toBe('https://community.example.com');
    const echo = { scope: 'site', path: '/api/echo' } as unknown as CallContract;
    const envelope = await context.api.call(echo, 'protal', {} as never);
    expect(envelope.data).toEqual({ ip: '203.0.113.9', cookie: 'token=abc', isapi: '1' });
  });
});
