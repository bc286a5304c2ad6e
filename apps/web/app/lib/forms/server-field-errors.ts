import { STATUS } from '@portal/contracts/envelope';
import { serverIssues } from '~/lib/forms/form-issues';
import { CallMutationError } from '~/lib/query/use-call';

/** A form item's name path, as antd's `Form.setFields` takes it. */
export type FieldName = string | number | (string | number)[];

/**
 * The form items a failed save's 40001 answer names, each with the server's message in the page's
 * language, ready for antd's `form.setFields`. `nameOf` maps the server's field (`questions.2.title`)
 * to the form's item, or null when the form shows no such item. Empty for any other failure (the
 * request client has already shown it).
 */
export function serverFieldErrors(
  err: unknown,
  nameOf: (field: string) => FieldName | null,
): Array<{ name: never; errors: string[] }> {
  if (!(err instanceof CallMutationError) || String(err.envelope?.status) !== String(STATUS.validation)) return [];
  return serverIssues(err.envelope?.data).flatMap((issue) => {
    const name = nameOf(issue.field);
    return name === null ? [] : [{ name: name as never, errors: [issue.message] }];
  });
}
