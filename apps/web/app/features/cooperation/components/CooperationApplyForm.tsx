import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import {
  COOPERATION_RULE,
  COOPERATION_STATUS,
  cooperationSave,
  cooperationSubmit,
  cooperationSubmitBody,
  cooperationWithdraw,
  type CooperationFields,
  type CooperationApplication,
} from '@portal/contracts/cooperation';
import type { CallData } from '@portal/contracts/call';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { parseContractBody } from '~/lib/forms/contract-call';
import { withPortalAntd } from '~/lib/PortalAntd';
import { requestClient } from '~/lib/request/client';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

type Values = CooperationFields;
const FIELDS = ['company', 'contact_name', 'phone', 'email', 'intent'] as const;
const R = COOPERATION_RULE;

const bodyOf = (values: Partial<Values>): Record<string, string> =>
  Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? '']));

const validate = (values: Partial<Values>) => fieldIssues(cooperationSubmitBody, bodyOf(values));

const initial = (application: CooperationApplication | null): Values => ({
  company: application?.company ?? '',
  contact_name: application?.contact_name ?? '',
  phone: application?.phone ?? '',
  email: application?.email ?? '',
  intent: application?.intent ?? '',
});

export interface CooperationApplyFormProps {
  mine: CallData<typeof cooperationSubmit>;
  onChanged: () => void;
}

/**
 * The cooperation application's form (decision 045): checked by the submit call's own schema, so
 * the form and the server say the same; saved as a draft or submitted to the review queue;
 * read-only while pending (withdraw to edit).
 */
function CooperationApplyForm({ mine, onChanged }: CooperationApplyFormProps) {
  const { t } = useTranslation('cooperation');
  const { form, rule, showServerIssues } = useContractForm<Values>(validate);
  const [busy, setBusy] = useState<'save' | 'submit' | 'withdraw' | null>(null);
  const pending = mine.application?.status === COOPERATION_STATUS.pending;

  const send = async (kind: 'save' | 'submit') => {
    if (kind === 'submit') {
      try {
        await form.validateFields();
      } catch {
        return;
      }
    }
    const contract = kind === 'submit' ? cooperationSubmit : cooperationSave;
    const parsed = await parseContractBody(contract, bodyOf(form.getFieldsValue(true) as Partial<Values>));
    if (!parsed.ok) {
      form.setFields(parsed.issues.map((i) => ({ name: i.field as never, errors: [t(i18nKey(i.key))] })));
      return;
    }
    setBusy(kind);
    const result = await requestClient.call(contract, parsed.body);
    setBusy(null);
    if (result.ok) {
      if (result.envelope.msg) toast.success(result.envelope.msg);
      onChanged();
    } else {
      showServerIssues(result.envelope, FIELDS);
    }
  };

  const withdraw = async () => {
    setBusy('withdraw');
    const result = await requestClient.call(cooperationWithdraw, {});
    setBusy(null);
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    onChanged();
  };

  return (
    <Form
      form={form}
      name="cooperation-application"
      layout="vertical"
      validateTrigger="onBlur"
      disabled={pending}
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      initialValues={initial(mine.application)}
      onFinish={() => void send('submit')}
      className="coop-form"
      data-testid="coop-apply-form"
    >
      <Form.Item name="company" label={t('apply.company')} required rules={[rule('company')]}>
        <Input maxLength={R.companyMax} autoComplete="organization" data-testid="coop-apply-company" />
      </Form.Item>
      <Form.Item name="contact_name" label={t('apply.contactName')} required rules={[rule('contact_name')]}>
        <Input maxLength={R.contactNameMax} autoComplete="name" data-testid="coop-apply-contact" />
      </Form.Item>
      <Form.Item name="phone" label={t('apply.phone')} rules={[rule('phone')]}>
        <Input maxLength={R.phoneMax} autoComplete="tel" data-testid="coop-apply-phone" />
      </Form.Item>
      <Form.Item name="email" label={t('apply.email')} rules={[rule('email')]}>
        <Input maxLength={R.emailMax} autoComplete="email" data-testid="coop-apply-email" />
      </Form.Item>
      <Form.Item name="intent" label={t('apply.intent')} required rules={[rule('intent')]}>
        <Input.TextArea
          rows={5}
          maxLength={R.intentMax}
          showCount
          placeholder={t('apply.intentPlaceholder')}
          data-testid="coop-apply-intent"
        />
      </Form.Item>
      <Space>
        {pending ? (
          <Button
            disabled={false}
            loading={busy === 'withdraw'}
            onClick={() => void withdraw()}
            data-testid="coop-apply-withdraw"
          >
            {t('apply.withdraw')}
          </Button>
        ) : (
          <>
            <Button loading={busy === 'save'} onClick={() => void send('save')} data-testid="coop-apply-save">
              {t('apply.saveDraft')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy === 'submit'} data-testid="coop-apply-submit">
              {t('apply.submit')}
            </Button>
          </>
        )}
      </Space>
    </Form>
  );
}

export default withPortalAntd(CooperationApplyForm);
