import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { resetPassword } from '@portal/contracts/accounts';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { fieldIssues } from '~/lib/forms/form-issues';
import { callWithContract, SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import type { CodeChannel } from '../routing/login-view';
import { withCallback } from '../routing/sign-in-target';
import { AccountsCard } from './AccountsCard';
import { ChannelSwitch, CodeField, TargetField } from './CodeFields';
import { NewPasswordFields } from './SharedFields';

interface ForgetValues {
  target: string;
  code: string;
  password: string;
  password_confirm: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const forgetBody = (v: Partial<ForgetValues>, channel: CodeChannel) => ({
  channel,
  target: text(v.target).trim(),
  code: text(v.code).trim(),
  password: text(v.password),
  password_confirm: text(v.password_confirm),
});

/**
 * Password recovery (spec 2 `/forget`): a code to the account's email address or mobile number,
 * the new password twice; then to the login page, keeping the callback.
 */
export function ForgetPage() {
  const { t } = useTranslation('auth');
  const { site, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<CodeChannel>('email');
  const validate = useCallback(
    (v: Partial<ForgetValues>) => fieldIssues(resetPassword.body, forgetBody(v, channel)),
    [channel],
  );
  const { form, rule, showServerIssues } = useContractForm<ForgetValues>(validate);
  const [busy, setBusy] = useState(false);
  const loginLink = withCallback(`/${site.prefix}/login`, location.search, site, origin);

  const changeChannel = (next: CodeChannel) => {
    setChannel(next);
    form.resetFields(['target']);
  };

  const submit = async (values: ForgetValues) => {
    setBusy(true);
    const result = await callWithContract(resetPassword, forgetBody(values, channel));
    setBusy(false);
    if (result?.ok) {
      toast.success(t('resetDone'));
      void navigate(loginLink, { replace: true });
    } else {
      showServerIssues(result?.envelope, ['target', 'code', 'password', 'password_confirm']);
    }
  };

  return (
    <AccountsCard id="forget-page" title={t('forgetTitle')} lead={t('forgetLead')}>
      <Form
        form={form}
        name="forget"
        layout="vertical"
        validateTrigger="onBlur"
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        onFinish={(values) => void submit(values)}
      >
        <ChannelSwitch channel={channel} onChange={changeChannel} testId="forget-channel" />
        <TargetField channel={channel} rule={rule('target')} testId="forget-target" />
        <CodeField form={form} channel={channel} purpose="reset" rule={rule('code')} testId="forget-code" />
        <NewPasswordFields
          passwordRule={rule('password')}
          confirmRule={rule('password_confirm')}
          testIds={{ password: 'forget-password', confirm: 'forget-password-confirm' }}
        />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="forget-submit">
          {t('resetSubmit')}
        </Button>
      </Form>
      <p className="accounts-card__switch">
        <Link to={loginLink} data-testid="forget-to-login">
          {t('backToLogin')}
        </Link>
      </p>
    </AccountsCard>
  );
}
