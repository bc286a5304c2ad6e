import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemote, isPublicAddress, RemoteFetchRefused } from './remote-fetch';

/** The host a URL names once parsed as a browser (and node) parses it: decimal, octal, hex forms. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:c0a8:0101',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses what is not an address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0xA9FEA9FE/', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
  ])('reads %s as %s, refused', (url, host) => {
    expect(hostOf(url)).toBe(host);
    expect(isPublicAddress(hostOf(url))).toBe(false);
  });
});

describe('fetchRemote', () => {
  let server: http.Server;
  let base: string;
  const loopback = (a: string) => a === '127.0.0.1';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from('hello'));
      } else if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/x.png' });
        res.end();
      } else if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(2048));
      } else if (req.url === '/html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<p>hi</p>');
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write('x');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback server unless a test allows it', async () => {
    await expect(fetchRemote(`${base}/ok`, { maxBytes: 1024 })).rejects.toBeInstanceOf(RemoteFetchRefused);
    const got = await fetchRemote(`${base}/ok`, { maxBytes: 1024, allowAddress: loopback });
    expect(got.bytes.toString()).toBe('hello');
  });

  it('refuses a host name that resolves to loopback', async () => {
    await expect(fetchRemote(`http://localhost:1/x.png`, { maxBytes: 1024 })).rejects.toBeInstanceOf(
      RemoteFetchRefused,
    );
  });

  it('refuses schemes other than http and https, and credentials in the URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://x/', `http://u:p@127.0.0.1/`]) {
      await expect(fetchRemote(url, { maxBytes: 1024, allowAddress: loopback })).rejects.toBeInstanceOf(
        RemoteFetchRefused,
      );
    }
  });

  it('refuses a redirect to a private address, and endless redirects', async () => {
    await expect(fetchRemote(`${base}/to-private`, { maxBytes: 1024, allowAddress: loopback })).rejects.toThrow(
      /refused address 10\.0\.0\.1/,
    );
    await expect(fetchRemote(`${base}/loop`, { maxBytes: 1024, allowAddress: loopback })).rejects.toThrow(
      /too many redirects/,
    );
  });

  it('stops at the size limit, the content type and the time limit', async () => {
    await expect(fetchRemote(`${base}/big`, { maxBytes: 1024, allowAddress: loopback })).rejects.toThrow(/too large/);
    await expect(
      fetchRemote(`${base}/html`, { maxBytes: 1024, allowAddress: loopback, contentTypePrefix: 'image/' }),
    ).rejects.toThrow(/content type/);
    const started = Date.now();
    await expect(
      fetchRemote(`${base}/slow`, { maxBytes: 1024, allowAddress: loopback, timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
