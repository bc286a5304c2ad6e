import type { z } from 'zod';
import { STATUS, validationDataSchema, type Envelope } from '@portal/contracts/envelope';
import { isTextKey } from '~/lib/i18n';
import { zodLoaded } from './zod-loaded';

/** A form field and the catalogue key (`accounts.emailInvalid`) of what is wrong with it. */
export interface FieldIssue {
  field: string;
  key: string;
}

/** True when `key` (`namespace.name`, or `namespace.group.name`) names a message of the catalogues. */
export function isCatalogueKey(key: string): boolean {
  return isTextKey(key);
}

/** `accounts.emailInvalid` as i18next names a key of another namespace: `accounts:emailInvalid`. */
export function i18nKey(key: string): string {
  return key.replace('.', ':');
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The catalogue key of a zod issue: the contract's own message when it is a key (the contracts
 * write `accounts.*` keys), else the generic reason the server uses too (`validation.*`, with
 * `validation.required` for a missing value).
 */
export function issueKey(issue: z.core.$ZodIssue, body: unknown): string {
  if (isCatalogueKey(issue.message)) return issue.message;
  const value = valueAt(body, issue.path);
  if (issue.code === 'invalid_type' && (value === undefined || value === null || value === '')) {
    return 'validation.required';
  }
  const generic = `validation.${issue.code}`;
  return isCatalogueKey(generic) ? generic : 'validation.invalid';
}

/**
 * Checks `body` with a call's own zod schema, as the server will, and returns the first issue of
 * each top-level field in the schema's order: one rule, one message, on both sides.
 */
export function fieldIssues(schema: z.ZodType, body: unknown): FieldIssue[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || seen.has(field)) continue;
    seen.add(field);
    issues.push({ field, key: issueKey(issue, body) });
  }
  return issues;
}

/**
 * `validate(values)` once zod is there; none when it cannot be fetched (the form then checks nothing
 * itself and the server checks what is sent).
 */
export async function checkedIssues<V>(validate: (values: V) => FieldIssue[], values: V): Promise<FieldIssue[]> {
  return (await zodLoaded()) ? validate(values) : [];
}

/**
 * The issues a 40001 answer puts on `fields`, in its order, once zod is there to read it; none for
 * any other answer, or when zod cannot be fetched.
 */
export async function serverIssuesOn(
  envelope: Envelope<unknown> | undefined,
  fields: readonly string[],
): Promise<Array<{ field: string; message: string }>> {
  if (!envelope || String(envelope.status) !== String(STATUS.validation) || !(await zodLoaded())) return [];
  return serverIssues(envelope.data).filter((issue) => fields.includes(issue.field));
}

/** The per-field issues of a 40001 answer, messages already in the page's language. */
export function serverIssues(data: unknown): Array<{ field: string; message: string }> {
  const parsed = validationDataSchema.safeParse(data);
  return parsed.success ? parsed.data.issues : [];
}
