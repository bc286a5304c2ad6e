import { useTranslation } from '~/lib/use-translation';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { REPORT_RULE, reportReasonSchema } from '@portal/contracts/moderation';
import { contractRule } from '~/lib/forms/contract-rules';

/**
 * The `reason` field of a report and of a moderator's hide: checked by the contract's own
 * `reportReasonSchema`, so the dialog says what a refused call would say.
 */
export function ReasonField({ testId }: { testId: string }) {
  const { t } = useTranslation('moderation');
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name="reason"
      label={t('ui.reasonLabel')}
      rules={[contractRule(t, reportReasonSchema, () => form.getFieldValue('reason') ?? '', [])]}
    >
      <Input.TextArea
        rows={4}
        showCount
        maxLength={REPORT_RULE.reasonMax}
        placeholder={t('ui.reasonPlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
