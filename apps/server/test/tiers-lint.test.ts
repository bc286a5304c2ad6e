import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** What `npm run lint` says of an import written in a file at `filePath` (the file need not exist). */
async function tierViolations(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = imported;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe("the server's tiers (eslint.config.js)", () => {
  it.each([
    [
      'a feature importing another feature',
      'apps/server/src/features/discussions/probe.ts',
      "import { accountsRepository as imported } from '../accounts/accounts.repository';",
    ],
    [
      'a platform service importing a feature',
      'apps/server/src/platform/reviews/probe.ts',
      "import { postReviewKind as imported } from '../../features/discussions/post-review-kind';",
    ],
    [
      'shared code importing a platform service',
      'apps/server/src/lib/probe.ts',
      "import { recordAudit as imported } from '../platform/audit/audit.service';",
    ],
    [
      'shared code importing the composition',
      'apps/server/src/http/probe.ts',
      "import { buildApp as imported } from '../app';",
    ],
  ])('refuses %s', async (_name, filePath, importLine) => {
    expect(await tierViolations(filePath, importLine)).toHaveLength(1);
  });

  it.each([
    [
      'a feature importing its own files',
      'apps/server/src/features/discussions/probe.ts',
      "import { hotScore as imported } from './hot-score';",
    ],
    [
      'a feature importing a platform service',
      'apps/server/src/features/discussions/probe.ts',
      "import { notify as imported } from '../../platform/messages/messages.service';",
    ],
    [
      'a platform service importing another',
      'apps/server/src/platform/reviews/probe.ts',
      "import { recordAudit as imported } from '../audit/audit.service';",
    ],
    [
      'the composition importing a feature',
      'apps/server/src/app.ts',
      "import { postReviewKind as imported } from './features/discussions/post-review-kind';",
    ],
  ])('allows %s', async (_name, filePath, importLine) => {
    expect(await tierViolations(filePath, importLine)).toEqual([]);
  });
});
