import path from 'node:path';
import type { Plugin } from 'vite';

const CONTRACTS_ZOD = path.join('packages', 'contracts', 'src', 'zod.ts');
const ZOD_SPECIFIER = /(^|\/)zod(\.ts)?$/;

/**
 * In the browser's build, the contracts' `zod.ts` becomes `zod.browser.ts`: their schemas are built
 * on first use, and zod is loaded with the first answer to check or the first form, not with every
 * page (packages/contracts/src/zod.browser.ts). The server's build keeps building them at once.
 */
export function contractsWithoutZod(): Plugin {
  return {
    name: 'portal-contracts-without-zod',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== 'client' || !importer) return null;
      // Only a specifier naming a `zod` module can be it: the rest resolve once, as they would anyway.
      if (!ZOD_SPECIFIER.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.endsWith(CONTRACTS_ZOD)) return null;
      return `${resolved.id.slice(0, -'.ts'.length)}.browser.ts`;
    },
  };
}
