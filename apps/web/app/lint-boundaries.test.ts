import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The tiers of eslint.config.js bite: lints a few lines as if they were files of the app, with the
 * repository's own configuration, and reads what `boundaries/dependencies` says about them.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const code = `import { x } from '${source}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: `apps/web/app/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('the web tiers (eslint-plugin-boundaries)', { timeout: 60_000 }, () => {
  it('reports a feature importing another feature, by alias or relative path', async () => {
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/features/admin/AdminFrame')).toHaveLength(1);
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '../../admin/AdminFrame')).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared tier', async () => {
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/features/roles/admin/RolesScreen')).toEqual([]);
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', './RolesScreen')).toEqual([]);
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/lib/shell')).toEqual([]);
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/components/Avatar')).toEqual([]);
  });

  it('reports a feature importing the composition tier', async () => {
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/admin-pages')).toHaveLength(1);
    expect(await boundaryErrors('features/roles/admin/Fixture.tsx', '~/routes/home')).toHaveLength(1);
  });

  it('reports shared code importing a feature or the composition tier', async () => {
    expect(await boundaryErrors('lib/fixture.ts', '~/features/admin/AdminFrame')).toHaveLength(1);
    expect(
      await boundaryErrors('components/layout/Fixture.tsx', '~/features/messages/components/MessageBell'),
    ).toHaveLength(1);
    expect(await boundaryErrors('lib/fixture.ts', '~/root')).toHaveLength(1);
    expect(await boundaryErrors('lib/fixture.ts', '~/lib/shell')).toEqual([]);
  });

  it('lets route modules compose features', async () => {
    expect(await boundaryErrors('routes/fixture.tsx', '~/features/admin/AdminFrame')).toEqual([]);
    expect(await boundaryErrors('routes/fixture.tsx', '~/features/discussions/components/discussion-slots')).toEqual(
      [],
    );
  });
});
