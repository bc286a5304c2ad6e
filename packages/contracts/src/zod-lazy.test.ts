import fs from 'node:fs';
import path from 'node:path';
import { types } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from './call';

/** Every contract module, by file name (tests and the zod modules aside). */
const CONTRACT_FILES = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('zod'))
  .sort();

/** The web app's modules that build schemas with the contracts' `z` (`@portal/contracts/zod`). */
function webFilesBuildingWithContractsZod(): string[] {
  const app = path.join(import.meta.dirname, '../../../apps/web/app');
  return (fs.readdirSync(app, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(app, f))
    .filter((file) => /import \{[^}]*\bz\b[^}]*\} from '@portal\/contracts\/zod'/.test(fs.readFileSync(file, 'utf8')));
}

/** A call (a plain object), not one of the schemas the browser's contracts export as stand-ins. */
const isCall = (value: unknown): value is CallContract =>
  typeof value === 'object' &&
  value !== null &&
  !types.isProxy(value) &&
  'id' in value &&
  'path' in value &&
  'body' in value;

/** The calls of every contract module as the browser's build loads them: `zod.ts` is `zod.browser.ts`. */
async function browserContracts() {
  vi.resetModules();
  vi.doMock('./zod', () => import('./zod.browser'));
  const modules: Record<string, Record<string, unknown>> = {};
  for (const f of CONTRACT_FILES) modules[f] = (await import(`./${f}`)) as Record<string, unknown>;
  return modules;
}

/**
 * What a schema is, as plain data: its definition, with every schema in it (a stand-in or not)
 * replaced by its own definition and every function (refinements) by its source. JSON Schema cannot
 * tell: zod's converter keys what it has seen by instance, which a stand-in is not.
 */
function structure(node: unknown, seen = new Set<unknown>()): unknown {
  if (typeof node === 'function') return `function ${String(node)}`;
  if (typeof node !== 'object' || node === null) return node;
  if ('_zod' in node) {
    const def = (node as { _zod: { def: unknown } })._zod.def;
    if (seen.has(def)) return '(recursive)';
    seen.add(def);
    const out = structure(def, seen);
    seen.delete(def);
    return out;
  }
  if (Array.isArray(node)) return node.map((item) => structure(item, seen));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, structure(value, seen)]));
}

afterEach(() => {
  vi.doUnmock('./zod');
  vi.resetModules();
});

describe('contracts in the browser (schemas built on first use)', () => {
  it('load without zod: no contract builds a schema when its module loads', async () => {
    const modules = await browserContracts();
    const zodBrowser = await import('./zod');
    expect(zodBrowser.z).toBeUndefined();
    const calls = Object.values(modules).flatMap((m) => Object.values(m).filter(isCall));
    expect(calls.length).toBeGreaterThan(200);
    // Paths, ids and access rules are there at once.
    for (const call of calls) expect(call.path).toMatch(/^\//);
    // A schema read before zod is loaded says what to do.
    expect(() => calls[0]!.data.safeParse({})).toThrow(/await loadZod\(\) first/);
  });

  it('build, once zod is loaded, the same schemas as the server', async () => {
    const modules = await browserContracts();
    const { loadZod } = await import('./zod');
    await loadZod();

    vi.doUnmock('./zod');
    vi.resetModules();
    let compared = 0;
    for (const f of CONTRACT_FILES) {
      const server = (await import(`./${f}`)) as Record<string, unknown>;
      for (const [name, call] of Object.entries(modules[f]!)) {
        if (!isCall(call)) continue;
        const twin = server[name] as CallContract;
        for (const part of ['body', 'data'] as const) {
          // Downloads have no answer schema.
          if (twin[part] === undefined) continue;
          expect(structure(call[part]), `${f} ${name}.${part}`).toEqual(structure(twin[part]));
          // And it checks: the browser's schema answers an empty value as the server's does.
          expect(call[part].safeParse({}).success, `${f} ${name}.${part}`).toBe(twin[part].safeParse({}).success);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('loads zod again after a failed load', async () => {
    await browserContracts();
    vi.doMock('./zod-ready', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { loadZod } = await import('./zod');
    await expect(loadZod()).rejects.toThrow();
    vi.doUnmock('./zod-ready');
    await loadZod();
    expect((await import('./zod')).z).toBeDefined();
  });

  it("zod-ready hands over every member of z the contracts and the web app's users of their z call", async () => {
    const { CONTRACT_ZOD } = await import('./zod-ready');
    const used = new Set<string>();
    const files = [
      ...CONTRACT_FILES.map((f) => path.join(import.meta.dirname, f)),
      ...webFilesBuildingWithContractsZod(),
    ];
    expect(files.some((f) => f.includes('multipart-call'))).toBe(true);
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      // Lower-case members are values (z.object); z.infer, z.input and z.output are types.
      for (const m of source.matchAll(/\bz\.([a-z]\w*)(?:\.([a-z]\w*))?/g)) {
        if (['infer', 'input', 'output'].includes(m[1]!)) continue;
        used.add(m[2] ? `${m[1]}.${m[2]}` : m[1]!);
      }
    }
    const provided = (name: string) =>
      name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], CONTRACT_ZOD);
    expect([...used].filter((name) => provided(name) === undefined)).toEqual([]);
  });
});
