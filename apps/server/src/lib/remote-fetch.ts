import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Fetching what a member points at on another site (remote pictures copied on publish) without
 * letting them point the server at itself or its network (SSRF). The host is resolved first and
 * every address it resolves to must be public; the connection then goes to that checked address
 * (a `lookup` that answers it), so a second DNS answer cannot swap it (rebinding). Redirects are
 * followed at most a few times, each checked the same way; the body stops at a size limit and the
 * whole fetch at a time limit.
 */

/** Addresses the server must never fetch from: its own machine, its networks, special ranges. */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a gateway, maybe a private one
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

/** The 8 groups of an IPv6 address (with an embedded dotted IPv4 tail), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

/**
 * Whether the server may connect to this IP address: public unicast only. An IPv4-mapped IPv6
 * address (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (!groups || groups.length !== 8) return false;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
    return !BLOCKED.check(v4, 'ipv4');
  }
  return !BLOCKED.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** Why a remote fetch was refused (never shown as is: the caller drops the picture with a notice). */
export class RemoteFetchRefused extends Error {}

export interface RemoteFetchOptions {
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** What the answer's content type must start with (e.g. `image/`). */
  contentTypePrefix?: string;
  /**
   * Tests only: also lets through addresses that `isPublicAddress` refuses (a loopback test server).
   * Production never sets it.
   */
  allowAddress?: (address: string) => boolean;
}

export interface RemoteFetchResult {
  bytes: Buffer;
  contentType: string;
  /** The address it was finally read from (after redirects). */
  url: string;
}

/** The host's addresses, every one of them allowed; answers the one to connect to. */
async function checkedAddress(hostname: string, allowed: (address: string) => boolean) {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new RemoteFetchRefused(`cannot resolve ${host}`);
      });
  if (addresses.length === 0) throw new RemoteFetchRefused(`no address for ${host}`);
  for (const a of addresses) {
    if (!allowed(a.address)) throw new RemoteFetchRefused(`${host} resolves to a refused address ${a.address}`);
  }
  return addresses[0]!;
}

/** One request to a checked address; answers the response (the caller reads or discards it). */
function requestOnce(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      lookup,
      signal,
      agent: false,
      headers: { accept: 'image/*', 'user-agent': 'portal-image-fetch/1', 'accept-encoding': 'identity' },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/**
 * Reads a remote file under the SSRF rules above. Throws RemoteFetchRefused (refused address,
 * scheme, redirect, status, type or size), or the network's or the timer's error.
 */
export async function fetchRemote(address: string, opts: RemoteFetchOptions): Promise<RemoteFetchResult> {
  const allowed = (a: string) => isPublicAddress(a) || (opts.allowAddress?.(a) ?? false);
  const maxRedirects = opts.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteFetchRefused('not a URL');
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchRefused('scheme');
    if (url.username || url.password) throw new RemoteFetchRefused('credentials in the URL');
    const pinned = await checkedAddress(url.hostname, allowed);
    const response = await requestOnce(url, pinned, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (redirects >= maxRedirects) throw new RemoteFetchRefused('too many redirects');
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new RemoteFetchRefused(`status ${status}`);
    }
    const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
    if (opts.contentTypePrefix && !contentType.startsWith(opts.contentTypePrefix)) {
      response.destroy();
      throw new RemoteFetchRefused(`content type ${contentType}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > opts.maxBytes) {
      response.destroy();
      throw new RemoteFetchRefused('too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response) {
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes) throw new RemoteFetchRefused('too large');
        chunks.push(chunk as Buffer);
      }
    } finally {
      response.destroy();
    }
    return { bytes: Buffer.concat(chunks), contentType, url: url.toString() };
  }
}
