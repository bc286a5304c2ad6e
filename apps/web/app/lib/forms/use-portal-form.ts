import { useCallback, useEffect, useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { Envelope } from '@portal/contracts/envelope';
import { useTranslation } from '~/lib/use-translation';
import { checkedIssues, i18nKey, serverIssuesOn, type FieldIssue } from './form-issues';
import { loadZodWhenIdle } from './zod-loaded';

/**
 * A form of the public pages without antd (react-hook-form and `components/form`), checked by its
 * call's contract like `useContractForm`: `validate` turns the values into the call's body and
 * returns its issues, and a field shows its first one in the page's language, so the browser and the
 * server's 40001 answer say the same thing. A field is checked when the member leaves it, and again
 * as they type once the form has been sent; a send with issues focuses the first field that has one.
 * zod is fetched once the page is idle and every check waits for it (decision 048); when it cannot be
 * fetched the form checks nothing itself and the server checks what arrives.
 */
export function usePortalForm<Values extends FieldValues>({
  validate,
  defaultValues,
}: {
  validate(values: Partial<Values>): FieldIssue[];
  defaultValues: DefaultValues<Values>;
}) {
  const { t } = useTranslation();
  useEffect(loadZodWhenIdle, []);
  // The latest rules (a code form's depend on its channel) for a resolver made once.
  const latest = useRef({ validate, t });
  latest.current = { validate, t };

  const resolver = useCallback<Resolver<Values>>(async (values) => {
    const issues = await checkedIssues(latest.current.validate, values);
    if (!issues.length) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of issues)
      errors[issue.field] = { type: 'contract', message: latest.current.t(i18nKey(issue.key)) };
    return { values: {}, errors: errors as FieldErrors<Values> };
  }, []);

  const form = useForm<Values>({ mode: 'onBlur', reValidateMode: 'onChange', resolver, defaultValues });

  /** Puts messages on their fields and focuses the first. */
  const putOnFields = useCallback(
    (type: 'server' | 'contract', issues: ReadonlyArray<{ field: string; message: string }>) =>
      issues.forEach((issue, index) =>
        form.setError(issue.field as Path<Values>, { type, message: issue.message }, { shouldFocus: index === 0 }),
      ),
    [form],
  );

  /** Puts a 40001 answer's messages on the fields it names (of `fields`) and focuses the first. */
  const showServerIssues = useCallback(
    (envelope: Envelope<unknown> | undefined, fields: ReadonlyArray<Path<Values>>) => {
      void serverIssuesOn(envelope, fields).then((known) => putOnFields('server', known));
    },
    [putOnFields],
  );

  /** Puts issues the page found itself (a draft over a limit) on their fields and focuses the first. */
  const showIssues = useCallback(
    (issues: readonly FieldIssue[]) =>
      putOnFields(
        'contract',
        issues.map((issue) => ({ field: issue.field, message: latest.current.t(i18nKey(issue.key)) })),
      ),
    [putOnFields],
  );

  return { form, showIssues, showServerIssues };
}
