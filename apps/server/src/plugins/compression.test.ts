import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressionPlugin } from './compression';

describe('choosing an encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    [undefined, null],
    ['BR', 'br'],
  ])('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressing answers', () => {
  async function app() {
    const a = Fastify();
    await a.register(compressionPlugin);
    a.get('/page', async (_r, reply) => reply.type('text/html; charset=utf-8').send('<p>存储社区</p>'.repeat(500)));
    a.get('/tiny', async () => ({ ok: true }));
    a.get('/image', async (_r, reply) => reply.type('image/png').send(Buffer.alloc(5000)));
    return a;
  }

  it('sends brotli or gzip that decodes to the same page, and varies on accept-encoding', async () => {
    const a = await app();
    const plain = await a.inject('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await a.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gz = await a.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers and binary types alone', async () => {
    const a = await app();
    const tiny = await a.inject({ url: '/tiny', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const image = await a.inject({ url: '/image', headers: { 'accept-encoding': 'br' } });
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});
