import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { i18nKey, issueKey } from '~/lib/forms/form-issues';
import { zodLoaded } from '~/lib/forms/zod-loaded';

type Path = readonly (string | number)[];

/**
 * The catalogue key of the first issue that a call's schema finds at `path` (or below it) in
 * `body`; null when that part of the body is fine. The same schema the server parses with, so the
 * form and a 40001 answer say the same thing.
 */
export function issueAt(schema: z.ZodType, body: unknown, path: Path): string | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => path.every((part, k) => i.path[k] === part));
  return issue ? issueKey(issue, body) : null;
}

/**
 * An antd form rule that checks one field through the call's schema: `body()` builds the whole
 * body from the form as it is now; `paths` are the body fields this form field stands for.
 */
export function contractRule(
  t: (key: string) => string,
  schema: z.ZodType,
  body: () => unknown,
  ...paths: Path[]
): Rule {
  return {
    validator: async () => {
      if (!(await zodLoaded())) return;
      const value = body();
      for (const path of paths) {
        const key = issueAt(schema, value, path);
        if (key) throw new Error(t(i18nKey(key)));
      }
    },
  };
}
