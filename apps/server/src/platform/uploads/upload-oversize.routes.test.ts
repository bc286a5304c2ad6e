import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { PDF } from './uploads.test-support';

const GB = 1024 ** 3;

/**
 * A 1 GB upload over a real socket, generated as it is sent (nothing held by the client either): the
 * server must answer 413 soon after the limit, without reading (or keeping) the rest.
 */
describe('an oversize upload is cut off while streaming', () => {
  let t: TestApp;
  let member: TestMember;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    member = await accountsHarness(t).registerMember();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  function send(path: string, name: string, total: number) {
    const boundary = '----portaloversize';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) {
          sent += head.length + PDF.length;
          this.push(Buffer.concat([head, PDF]));
        } else if (sent < total) {
          sent += chunk.length;
          this.push(chunk);
        } else {
          this.push(tail);
          this.push(null);
        }
      },
    });
    return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          isapi: '1',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + PDF.length + total + tail.length),
          cookie: `accessToken=${member.token}; siteData=2`,
        },
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          body.destroy();
          resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString(), sent });
        });
      });
      // The server closes the connection after answering: the rest of the body cannot be written.
      req.on('error', (err) => (sent < total ? undefined : reject(err)));
      body.pipe(req);
    });
  }

  it('answers 413 after about the limit of a 1 GB stream, with memory steady', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const started = Date.now();
    const res = await send('/api/tool/uploadfile/', 'huge.pdf', GB);
    const after = process.memoryUsage();
    expect(res.status, res.body).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ status: 40001, msg: 'The uploaded file size cannot exceed 5 MB!' });
    // Stopped near the 5 MB limit (socket buffers aside), far from the gigabyte.
    expect(res.sent).toBeLessThan(64 * 1024 * 1024);
    const grewMb = (after.rss - before.rss) / 1024 / 1024;
    const heapMb = (after.heapUsed - before.heapUsed) / 1024 / 1024;
    console.warn(
      `1 GB upload: refused after ${(res.sent / 1024 / 1024).toFixed(1)} MB sent, ${Date.now() - started} ms; rss ${(before.rss / 1024 / 1024).toFixed(0)} -> ${(after.rss / 1024 / 1024).toFixed(0)} MB, heap +${heapMb.toFixed(1)} MB`,
    );
    expect(grewMb).toBeLessThan(64);
    expect(heapMb).toBeLessThan(32);
    // Nothing kept: no attachment, no partial file.
    const rows = await t.database.db.selectFrom('attachments').select('id').execute();
    expect(rows).toHaveLength(0);
    const fs = await import('node:fs');
    const path = await import('node:path');
    const incoming = path.join(t.config.uploadsDir, '.incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });
});
