import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import {
  login,
  loginByCode,
  NICKNAME_RULE,
  PASSWORD_RULE,
  register,
  type CurrentUser,
} from '@portal/contracts/accounts';
import { STATUS } from '@portal/contracts/envelope';
import { fieldIssues } from '~/lib/forms/form-issues';
import { callWithContract, SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import type { CodeChannel } from '../routing/login-view';
import { AgreementText } from './AgreementText';
import { ChannelSwitch, CodeField, TargetField } from './CodeFields';

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
  const { form, rule, showServerIssues } = useContractForm<PasswordValues>(validatePassword);
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
    <Form
      form={form}
      name="login-password"
      layout="vertical"
      validateTrigger="onBlur"
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="account" label={t('account')} required rules={[rule('account')]}>
        <Input autoComplete="username" maxLength={254} data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('password')} required rules={[rule('password')]}>
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_RULE.max} data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('signIn')}
      </Button>
      {refusal ? (
        <Alert
          className="login-refusal"
          type="error"
          showIcon
          role="alert"
          data-testid="login-refusal"
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
    </Form>
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

/** The target field is cleared when the channel changes: an email address is no mobile number. */
function useTargetResetOnChannel(form: { resetFields(fields: ['target']): void }, channel: CodeChannel) {
  useEffect(() => {
    form.resetFields(['target']);
  }, [form, channel]);
}

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
  const { form, rule, showServerIssues } = useContractForm<CodeValues>(validate);
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
    <Form
      form={form}
      name="login-code"
      layout="vertical"
      validateTrigger="onBlur"
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      onFinish={(values) => void submit(values)}
    >
      <ChannelSwitch channel={channel} onChange={onChannel} testId="code-channel" />
      <TargetField channel={channel} rule={rule('target')} testId="code-target" />
      <CodeField form={form} channel={channel} purpose="login" rule={rule('code')} testId="code-code" />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="code-submit">
        {t('signIn')}
      </Button>
    </Form>
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
  const { form, rule, showServerIssues } = useContractForm<RegisterValues>(validate);
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
    <Form
      form={form}
      name="register"
      layout="vertical"
      validateTrigger="onBlur"
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      onFinish={(values) => void submit(values)}
    >
      <ChannelSwitch channel={channel} onChange={onChannel} testId="register-channel" />
      <TargetField channel={channel} rule={rule('target')} testId="register-target" />
      <Form.Item name="user_nick_name" label={t('nickname')} required rules={[rule('user_nick_name')]}>
        <Input autoComplete="nickname" maxLength={NICKNAME_RULE.max} data-testid="register-nickname" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        required
        rules={[rule('password')]}
        extra={t('passwordHint', PASSWORD_RULE)}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_RULE.max} data-testid="register-password" />
      </Form.Item>
      <CodeField form={form} channel={channel} purpose="register" rule={rule('code')} testId="register-code" />
      <Form.Item name="agree" valuePropName="checked" validateTrigger="onChange" rules={[rule('agree')]}>
        <Checkbox data-testid="register-agree">
          <AgreementText />
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('register')}
      </Button>
    </Form>
  );
}
