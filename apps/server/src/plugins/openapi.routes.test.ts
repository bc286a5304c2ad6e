import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The generated OpenAPI document is committed, so a change to a public call shows as a diff in review.
const snapshotFile = path.resolve(import.meta.dirname, '../../../../docs/api/openapi.snapshot.json');
const updateCommand =
  'UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run --project api-sqlite apps/server/src/plugins/openapi.routes.test.ts';

/** Keys sorted at every level, so the file's diff shows what changed, not where a route was registered. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI snapshot', () => {
  it('the generated document is the committed docs/api/openapi.snapshot.json', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const generated = sortKeys(res.json());

    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') {
      const options = await prettier.resolveConfig(snapshotFile);
      const text = await prettier.format(JSON.stringify(generated), { ...options, filepath: snapshotFile });
      fs.mkdirSync(path.dirname(snapshotFile), { recursive: true });
      fs.writeFileSync(snapshotFile, text);
    }

    const committed: unknown = fs.existsSync(snapshotFile) ? JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) : null;
    expect(
      generated,
      `The generated OpenAPI document differs from docs/api/openapi.snapshot.json. If the change to the ` +
        `public calls is intended, update the snapshot and commit it:\n  ${updateCommand}\n`,
    ).toEqual(committed);
  });
});
