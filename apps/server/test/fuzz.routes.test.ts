import zlib from 'node:zlib';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from './test-app';
import { arbitraryOf, kindOf, topLevelShape } from './zod-arbitrary';
import { accountsHarness, multipartFile, type TestMember } from './accounts-harness';
import { makeStaff } from './roles-harness';
import {
  CFB_DOC,
  GIF,
  makeDocx,
  makeXlsx,
  makeZip,
  MP3,
  MP4,
  PDF,
  PNG,
} from '../src/platform/uploads/uploads.test-support';
import type { RegisteredCall } from '../src/http/register-call';

// Issue 15 item 7: every registered call gets bodies generated from its contract's schema and
// mutations of them (wrong types, unknown and prototype keys, huge strings and arrays, deep nesting,
// invalid JSON, wrong content types), as a visitor, a member and an admin; every upload route gets
// hostile files. Nothing may answer 5xx or outside the envelope. FUZZ_SEED and FUZZ_RUNS reproduce or
// widen a run; a failure prints the seed and the smallest body that fails.
const SEED = Number(process.env.FUZZ_SEED ?? 15_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const MB = 1024 * 1024;

type Persona = 'visitor' | 'member' | 'admin';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
const people: Partial<Record<Persona, TestMember>> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '10000000' },
  });
  h = accountsHarness(t);
}, 60_000);
afterAll(async () => {
  const byStatus = Object.fromEntries([...answered].sort(([a], [b]) => a - b));
  process.stdout.write(`fuzz answers by HTTP status (seed ${SEED}): ${JSON.stringify(byStatus)}\n`);
  await t?.close();
});

/** A signed-in member and admin that still work: a fuzzed call may sign one out, ban or demote them. */
async function signedIn(): Promise<void> {
  const works = async (who: TestMember | undefined, path: string) =>
    who !== undefined && (await send('POST', `/api/protal${path}`, '{}', 'application/json', who)).statusCode === 200;
  if (!(await works(people.member, '/api/user/getMyInfo'))) {
    people.member = await h.registerMember({ nick: 'Fuzz member' });
    await h.completeInformation(people.member);
  }
  if (!(await works(people.admin, '/admin/context'))) people.admin = await makeStaff(h, { nick: 'Fuzz admin' });
}

function send(method: 'POST', url: string, payload: string | Buffer, contentType: string | undefined, as?: TestMember) {
  const headers: Record<string, string> = { isapi: '1', 'x-forwarded-for': h.freshIp() };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (as) headers.cookie = `${CLIENT_STORAGE.accessTokenCookie}=${as.token}`;
  return t.app.inject({ method, url, headers, payload });
}

/** What a failure says: the call, who sent it, the start of the body and of the answer. */
function where(url: string, persona: Persona, body: string | Buffer, res: LightMyRequestResponse) {
  const shown = typeof body === 'string' ? body : `<${body.length} bytes>`;
  return `${url} as ${persona} (seed ${SEED}): ${JSON.stringify(shown.slice(0, 300))} → ${res.statusCode} ${res.body.slice(0, 300)}`;
}

/** How many answers of each HTTP status, printed at the end: shows how deep the bodies reached. */
const answered = new Map<number, number>();

/** No 5xx, and an answer in the envelope {status, msg, data}. */
function expectHandled(url: string, persona: Persona, body: string | Buffer, res: LightMyRequestResponse) {
  answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
  const context = where(url, persona, body, res);
  expect(res.statusCode, context).toBeLessThan(500);
  let json: unknown;
  try {
    json = res.json();
  } catch {
    expect.fail(`not JSON: ${context}`);
  }
  expect(json, context).toMatchObject({ status: expect.any(Number), msg: expect.any(String) });
  expect(json, context).toHaveProperty('data');
}

const urlOf = (call: RegisteredCall) => call.url.replace(':site', 'protal');

/** Mutations of a generated body, as the JSON text sent. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const withKeys = (v: unknown, extra: string) => {
    const rest = json(asObject(v)).slice(1);
    return `{${extra}${rest === '}' ? '}' : `,${rest}`}`;
  };
  return fc.oneof(
    { arbitrary: valid.map(json), weight: 8 },
    // A field of the wrong type.
    {
      arbitrary: fc.tuple(valid, fc.nat(), fc.anything()).map(([v, i, wrong]) => {
        const o = { ...asObject(v) };
        const keys = Object.keys(o);
        o[keys.length ? keys[i % keys.length]! : 'x'] = wrong;
        return json(o);
      }),
      weight: 3,
    },
    // Unknown keys.
    {
      arbitrary: fc
        .tuple(valid, fc.string({ maxLength: 12 }), fc.anything())
        .map(([v, k, x]) => json({ ...asObject(v), [k]: x })),
      weight: 2,
    },
    // Prototype keys, written into the JSON text (an object literal cannot hold an own __proto__).
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.anything())
        .map(([v, key, x]) =>
          withKeys(
            v,
            key === 'constructor'
              ? `"constructor":{"prototype":${json(x)}}`
              : `"${key}":{"isAdmin":true,"x":${json(x)}}`,
          ),
        ),
      weight: 2,
    },
    // A body of another type altogether.
    { arbitrary: fc.anything().map(json), weight: 2 },
    // Broken JSON.
    { arbitrary: valid.map((v) => json(v).slice(0, -1)), weight: 1 },
  );
}

// The hostile bodies' big parts, built once: only the field names they are put under differ per call.
const HUGE = 'a'.repeat(MB - 200);
const HUGE_EMOJI = '\u{1F600}'.repeat(250_000);
const OVER_LIMIT = 'x'.repeat(MB + 10);
const HUGE_ARRAY = `[${Array(100_000).fill('1').join(',')}]`;
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
/** A JSON object text with one field holding `valueJson`, itself JSON text. */
const withField = (field: string, valueJson: string) => `{${JSON.stringify(field)}:${valueJson}}`;

/** The fixed hostile bodies: huge strings and arrays, deep nesting, bad JSON, wrong content types. */
function hostileBodies(schema: z.ZodType): Array<{ body: string; type?: string }> {
  const shape = topLevelShape(schema);
  const fields = Object.entries(shape);
  const stringField = fields.find(([, s]) => kindOf(s) === 'string')?.[0] ?? 'x';
  const arrayField = fields.find(([, s]) => kindOf(s) === 'array')?.[0] ?? 'list';
  const anyField = fields[0]?.[0] ?? 'x';
  return [
    { body: withField(stringField, `"${HUGE}"`) },
    { body: withField(stringField, `"${HUGE_EMOJI}"`) },
    { body: withField(arrayField, HUGE_ARRAY) },
    { body: HUGE_ARRAY },
    { body: DEEP_ARRAY },
    { body: DEEP_OBJECT },
    { body: withField(anyField, DEEP_ARRAY) },
    { body: withField(anyField, DEEP_OBJECT) },
    { body: withField(stringField, `"${OVER_LIMIT}"`) },
    { body: '{"__proto__":{"isAdmin":true}}' },
    { body: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { body: '{"a":' },
    { body: '' },
    { body: 'null' },
    { body: '"just a string"' },
    { body: '\u0000\u0001' },
    { body: '{"a":1}', type: 'text/plain' },
    { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
    { body: '--x\r\n\r\n', type: 'multipart/form-data' },
    { body: '{"a":1}', type: 'application/json; charset=utf-16' },
    { body: '{"a":1}', type: undefined },
    { body: '<a/>', type: 'application/xml' },
  ];
}

/** Sessions end last: a fuzzed sign-out would leave the calls after it without their member. */
const order = (call: RegisteredCall) => (/logout/i.test(call.contract.id) ? 1 : 0);

describe('fuzzing every call', () => {
  it('walks every registered call', () => {
    expect(t.app.registeredCalls.length).toBeGreaterThan(50);
  });

  // vitest collects the tests before beforeAll runs: one test walks the calls, one expect per answer.
  it(`answers ${RUNS} generated bodies per call and the hostile ones without a 5xx, in the envelope`, async () => {
    const calls = [...t.app.registeredCalls].sort((a, b) => order(a) - order(b));
    const personas: Persona[] = ['visitor', 'member', 'admin'];
    // Every call is walked to the end; the failures of all of them are reported together.
    const failures: string[] = [];
    for (const call of calls) {
      await signedIn();
      const url = urlOf(call);
      const bodies = mutated(arbitraryOf(call.contract.body));
      const details = await fc.check(
        fc.asyncProperty(fc.constantFrom(...personas), bodies, async (persona, body) => {
          const res = await send('POST', url, body, 'application/json', people[persona]);
          expectHandled(url, persona, body, res);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (details.failed)
        failures.push(`${call.contract.id}: ${String((details.errorInstance as Error)?.message).split('\n')[0]}`);
      // The hostile bodies go in as the admin, whom no permission check stops before the body is
      // parsed and validated: a member meets the same parser and schema on a member's call and a 403
      // on an admin's. (The generated bodies above come from all three.)
      for (const { body, type } of hostileBodies(call.contract.body)) {
        const contentType = type === undefined && body === '{"a":1}' ? undefined : (type ?? 'application/json');
        const res = await send('POST', url, body, contentType, people.admin);
        try {
          expectHandled(url, 'admin', body, res);
        } catch (err) {
          failures.push(`${call.contract.id}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Five times its time on an idle machine: CI runs it beside the browser tests.
  }, 1_200_000);
});

/** A PNG whose header declares `width` × `height` pixels, with one tiny compressed row of data. */
function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and image declare 65535 × 65535 pixels. */
function pixelFloodGif(): Buffer {
  const header = Buffer.from('GIF89a');
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]);
  return Buffer.concat([header, screen, image]);
}

/** A zip that inflates far past every limit: 64 MB of zeros in each named entry (past the 50 MB guard). */
function zipBomb(entries: string[]): Buffer {
  const zeros = Buffer.alloc(64 * MB);
  return makeZip(entries.map((name) => ({ name, data: zeros })));
}

describe('fuzzing every upload', () => {
  it('answers hostile files on every multipart route without a 5xx, in the envelope', async () => {
    await signedIn();
    const contractUrls = new Set(t.app.registeredCalls.map((c) => c.url));
    const uploads = t.app.apiRoutes.filter((r) => r.method === 'POST' && !contractUrls.has(r.url));
    expect(uploads.length).toBeGreaterThanOrEqual(5);

    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const bigPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224488' } })
      .png()
      .toBuffer();
    const docx = makeDocx({ paragraphs: ['Hello', 'World'], png: PNG });
    const xlsx = makeXlsx();
    const pptx = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'ppt/presentation.xml', data: '<p:presentation/>' },
    ]);
    const samples: Record<string, Buffer> = {
      png: bigPng,
      jpg: jpeg,
      jpeg,
      gif: GIF,
      webp: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      pdf: PDF,
      txt: Buffer.from('plain text\n'),
      zip: makeZip([{ name: 'a.txt', data: 'a' }]),
      rar: Buffer.from('Rar!\u001a\u0007\u0000rest', 'latin1'),
      '7z': Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(30)]),
      doc: CFB_DOC,
      xls: CFB_DOC,
      ppt: CFB_DOC,
      docx,
      xlsx,
      pptx,
      mp3: MP3,
      mp4: MP4,
    };
    const bomb = {
      docx: zipBomb(['word/document.xml']),
      xlsx: zipBomb(['xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
      pptx: zipBomb(['ppt/presentation.xml']),
      zip: zipBomb(['a.txt']),
    };
    const random = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), { numRuns: 1, seed: SEED })[0]!;
    const files: Array<[string, Buffer]> = [];
    for (const [ext, bytes] of Object.entries(samples)) {
      files.push([`truncated.${ext}`, bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)))]);
      files.push([`random.${ext}`, Buffer.from(random)]);
      files.push([`one-byte.${ext}`, bytes.subarray(0, 1)]);
    }
    for (const [ext, bytes] of Object.entries(bomb)) files.push([`bomb.${ext}`, bytes]);
    for (const ext of ['png', 'jpg', 'gif']) {
      files.push([`flood.${ext}`, pixelFloodPng(20_000, 20_000)]);
      files.push([`flood-gif.${ext}`, pixelFloodGif()]);
    }
    files.push(['flood-wide.png', pixelFloodPng(1_000_000, 1)]);
    files.push(['nothing-after-the-dot.', PNG]);
    files.push(['../../etc/passwd.png', PNG]);

    // Every file on every route, then one report of all the failures.
    const failures: string[] = [];
    const check = (url: string, persona: Persona, what: string, res: LightMyRequestResponse) => {
      try {
        expectHandled(url, persona, what, res);
      } catch (err) {
        failures.push((err as Error).message.split('\n')[0]!);
      }
    };
    for (const route of uploads) {
      const url = route.url.replace(':site', 'protal');
      for (const persona of ['visitor', 'member', 'admin'] as const) {
        // A visitor is refused before the file is read: one try is enough.
        for (const [name, bytes] of persona === 'visitor' ? files.slice(0, 1) : files) {
          const { payload, contentType } = multipartFile('file', name, 'application/octet-stream', bytes);
          check(
            url,
            persona,
            `${name} (${bytes.length} bytes)`,
            await send('POST', url, payload, contentType, people[persona]),
          );
        }
        // Not a multipart body at all, a multipart body without a file, one cut short.
        for (const [body, type] of [
          ['{}', 'application/json'],
          ['--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n', 'multipart/form-data; boundary=b'],
          ['--b\r\n', 'multipart/form-data; boundary=b'],
          [
            '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
            'multipart/form-data; boundary=b',
          ],
          ['garbage', 'multipart/form-data'],
        ] as const) {
          check(url, persona, body, await send('POST', url, body, type, people[persona]));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
