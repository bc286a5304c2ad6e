import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { resetPassword } from '@portal/contracts/accounts';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { fieldIssues } from '~/lib/forms/form-issues';
import { PortalForm, SubmitButton } from '~/components/form/Form';
import { callWithContract } from '~/lib/forms/contract-call';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import type { CodeChannel } from '../routing/login-view';
import { withCallback } from '../routing/sign-in-target';
import { AccountsCard } from './AccountsCard';
import { ChannelSwitch, CodeField, TargetField, useTargetResetOnChannel } from './CodeFields';
import { NewPasswordFields } from './NewPasswordFields';

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
  const { form, showServerIssues } = usePortalForm<ForgetValues>({
    validate,
    defaultValues: { target: '', code: '', password: '', password_confirm: '' },
  });
  const [busy, setBusy] = useState(false);
  const loginLink = withCallback(`/${site.prefix}/login`, location.search, site, origin);

  useTargetResetOnChannel(form, channel);

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
      <PortalForm form={form} name="forget" onValid={submit}>
        <ChannelSwitch channel={channel} onChange={setChannel} testId="forget-channel" />
        <TargetField channel={channel} testId="forget-target" />
        <CodeField channel={channel} purpose="reset" testId="forget-code" />
        <NewPasswordFields testIds={{ password: 'forget-password', confirm: 'forget-password-confirm' }} />
        <SubmitButton busy={busy} block testId="forget-submit">
          {t('resetSubmit')}
        </SubmitButton>
      </PortalForm>
      <p className="accounts-card__switch">
        <Link to={loginLink} data-testid="forget-to-login">
          {t('backToLogin')}
        </Link>
      </p>
    </AccountsCard>
  );
}
