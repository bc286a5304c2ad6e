import { useCallback, useEffect } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import type { Envelope } from '@portal/contracts/envelope';
import { checkedIssues, i18nKey, serverIssuesOn, type FieldIssue } from './form-issues';
import { loadZodWhenIdle } from './zod-loaded';

/** Where antd scrolls to on a failed submit: the first invalid field, centred and focused. */
export const SCROLL_TO_FIRST_ERROR = { block: 'center', focus: true } as const;

/**
 * An antd form checked by a call's contract: `validate` turns the form's values into the call's
 * body and returns its issues (`fieldIssues(contract.body, body)`, plus any form-only check). Each
 * field's `rule(name)` reports that field's first issue in the page's language, so the browser and
 * the server's 40001 answer show the same message. `showServerIssues` puts a 40001 answer's
 * messages on the fields they name.
 *
 * The schemas are zod's, which no page loads at start (decision 048): the form fetches it once the
 * page is idle, and every check waits for it, so a member quicker than the fetch loses nothing.
 */
export function useContractForm<Values extends object>(validate: (values: Partial<Values>) => FieldIssue[]) {
  const [form] = Form.useForm<Values>();
  const { t } = useTranslation();
  useEffect(loadZodWhenIdle, []);

  const rule = useCallback(
    (field: keyof Values & string): Rule => ({
      validator: async () => {
        const issues = await checkedIssues(validate, form.getFieldsValue(true) as Partial<Values>);
        const issue = issues.find((i) => i.field === field);
        if (issue) throw new Error(t(i18nKey(issue.key)));
      },
    }),
    [form, t, validate],
  );

  const showServerIssues = useCallback(
    (envelope: Envelope<unknown> | undefined, fields: ReadonlyArray<keyof Values & string>) => {
      void serverIssuesOn(envelope, fields).then((known) => {
        if (!known.length) return;
        form.setFields(known.map((issue) => ({ name: issue.field as never, errors: [issue.message] })));
        form.scrollToField(known[0]!.field as never, SCROLL_TO_FIRST_ERROR);
      });
    },
    [form],
  );

  return { form, rule, showServerIssues };
}
