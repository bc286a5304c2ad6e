import { useCallback, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import {
  login,
  loginByCode,
  NICKNAME_RULE,
  PASSWORD_RULE,
  register,
  type CurrentUser,
} from '@portal/contracts/accounts';
import { STATUS } from '@portal/contracts/envelope';
import { CheckboxField, PasswordField, PortalForm, SubmitButton, TextField } from '~/components/form/Form';
import { FormAlert } from '~/components/form/FormAlert';
import { fieldIssues } from '~/lib/forms/form-issues';
import { callWithContract } from '~/lib/forms/contract-call';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import type { CodeChannel } from '../routing/login-view';
import { AgreementText } from './AgreementText';
import { ChannelSwitch, CodeField, TargetField, useTargetResetOnChannel } from './CodeFields';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface PasswordValues {
  account: string;
  password: string;
}

const passwordBody = (v: Partial<PasswordValues>) => ({ account: text(v.account).trim(), password: text(v.password) });
const validatePassword = (v: Partial<PasswordValues>) => fieldIssues(login.body, passwordBody(v));

/** Sign-in with an email address or mobile number and a password. */
export function PasswordSignIn({ onSignedIn }: { onSignedIn(user: CurrentUser): void }) {
  const { t } = useTranslation('auth');
  const { form, showServerIssues } = usePortalForm<PasswordValues>({
    validate: validatePassword,
    defaultValues: { account: '', password: '' },
  });
  const [busy, setBusy] = useState(false);
  // A refusal stays under the form (a toast goes away): the server's words and the tries left.
  const [refusal, setRefusal] = useState<{ msg: string; remaining: number | null } | null>(null);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    setRefusal(null);
    const result = await callWithContract(login, passwordBody(values));
    setBusy(false);
    if (result?.ok) return onSignedIn(result.data);
    showServerIssues(result?.envelope, ['account', 'password']);
    const envelope = result?.envelope;
    if (envelope && String(envelope.status) === String(STATUS.refused)) {
      const left = (envelope.data as { remaining_attempts?: unknown } | null)?.remaining_attempts;
      setRefusal({ msg: envelope.msg, remaining: typeof left === 'number' ? left : null });
    }
  };

  return (
    <PortalForm form={form} name="login-password" onValid={submit}>
      <TextField
        name="account"
        label={t('account')}
        required
        autoComplete="username"
        maxLength={254}
        testId="login-account"
      />
      <PasswordField
        name="password"
        label={t('password')}
        required
        autoComplete="current-password"
        maxLength={PASSWORD_RULE.max}
        testId="login-password"
      />
      <SubmitButton busy={busy} block testId="login-submit">
        {t('signIn')}
      </SubmitButton>
      {refusal ? (
        <FormAlert
          type="error"
          className="login-refusal"
          testId="login-refusal"
          message={refusal.msg}
          description={
            refusal.remaining === null
              ? undefined
              : refusal.remaining > 0
                ? t('attemptsLeft', { count: refusal.remaining })
                : t('attemptsNone')
          }
        />
      ) : null}
    </PortalForm>
  );
}

interface CodeValues {
  target: string;
  code: string;
}

const codeBody = (v: Partial<CodeValues>, channel: CodeChannel) => ({
  channel,
  target: text(v.target).trim(),
  code: text(v.code).trim(),
});

/** Sign-in with a one-time code sent by email or SMS. */
export function CodeSignIn({
  channel,
  onChannel,
  onSignedIn,
}: {
  channel: CodeChannel;
  onChannel(channel: CodeChannel): void;
  onSignedIn(user: CurrentUser): void;
}) {
  const { t } = useTranslation('auth');
  const validate = useCallback(
    (v: Partial<CodeValues>) => fieldIssues(loginByCode.body, codeBody(v, channel)),
    [channel],
  );
  const { form, showServerIssues } = usePortalForm<CodeValues>({ validate, defaultValues: { target: '', code: '' } });
  const [busy, setBusy] = useState(false);
  useTargetResetOnChannel(form, channel);

  const submit = async (values: CodeValues) => {
    setBusy(true);
    const result = await callWithContract(loginByCode, codeBody(values, channel));
    setBusy(false);
    if (result?.ok) onSignedIn(result.data);
    else showServerIssues(result?.envelope, ['target', 'code']);
  };

  return (
    <PortalForm form={form} name="login-code" onValid={submit}>
      <ChannelSwitch channel={channel} onChange={onChannel} testId="code-channel" />
      <TargetField channel={channel} testId="code-target" />
      <CodeField channel={channel} purpose="login" testId="code-code" />
      <SubmitButton busy={busy} block testId="code-submit">
        {t('signIn')}
      </SubmitButton>
    </PortalForm>
  );
}

interface RegisterValues {
  target: string;
  user_nick_name: string;
  password: string;
  code: string;
  agree: boolean;
}

const registerBody = (v: Partial<RegisterValues>, channel: CodeChannel) => ({
  channel,
  target: text(v.target).trim(),
  user_nick_name: text(v.user_nick_name),
  password: text(v.password),
  code: text(v.code).trim(),
  agree: v.agree === true,
});

/** Registration with an email address or mobile number, nickname, password, code and the terms. */
export function RegisterForm({
  channel,
  onChannel,
  onRegistered,
}: {
  channel: CodeChannel;
  onChannel(channel: CodeChannel): void;
  onRegistered(user: CurrentUser): void;
}) {
  const { t } = useTranslation('auth');
  const validate = useCallback(
    (v: Partial<RegisterValues>) => fieldIssues(register.body, registerBody(v, channel)),
    [channel],
  );
  const { form, showServerIssues } = usePortalForm<RegisterValues>({
    validate,
    defaultValues: { target: '', user_nick_name: '', password: '', code: '', agree: false },
  });
  const [busy, setBusy] = useState(false);
  useTargetResetOnChannel(form, channel);

  const submit = async (values: RegisterValues) => {
    setBusy(true);
    const result = await callWithContract(register, registerBody(values, channel));
    setBusy(false);
    if (result?.ok) onRegistered(result.data);
    else showServerIssues(result?.envelope, ['target', 'user_nick_name', 'password', 'code', 'agree']);
  };

  return (
    <PortalForm form={form} name="register" onValid={submit}>
      <ChannelSwitch channel={channel} onChange={onChannel} testId="register-channel" />
      <TargetField channel={channel} testId="register-target" />
      <TextField
        name="user_nick_name"
        label={t('nickname')}
        required
        autoComplete="nickname"
        maxLength={NICKNAME_RULE.max}
        testId="register-nickname"
      />
      <PasswordField
        name="password"
        label={t('password')}
        required
        hint={t('passwordHint', PASSWORD_RULE)}
        autoComplete="new-password"
        maxLength={PASSWORD_RULE.max}
        testId="register-password"
      />
      <CodeField channel={channel} purpose="register" testId="register-code" />
      <CheckboxField name="agree" testId="register-agree">
        <AgreementText />
      </CheckboxField>
      <SubmitButton busy={busy} block testId="register-submit">
        {t('register')}
      </SubmitButton>
    </PortalForm>
  );
}
