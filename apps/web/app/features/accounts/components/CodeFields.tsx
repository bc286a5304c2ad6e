import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { CODE_LENGTH, sendCode, CODE_CHANNELS, type CODE_PURPOSES } from '@portal/contracts/accounts';
import { requestClient } from '~/lib/request/client';
import { toast } from '~/lib/toast';
import { resendAt, secondsLeft } from '../forms/countdown';
import { SCROLL_TO_FIRST_ERROR } from '~/lib/forms/use-contract-form';
import type { CodeChannel } from '../routing/login-view';

type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Email or SMS: where the one-time code goes (and what the account field asks for). */
export function ChannelSwitch({
  channel,
  onChange,
  testId,
}: {
  channel: CodeChannel;
  onChange(channel: CodeChannel): void;
  testId: string;
}) {
  const { t } = useTranslation('auth');
  const label = { email: t('channelEmail'), sms: t('channelSms') } as const;
  return (
    <div className="accounts-channel" role="group" aria-label={t('channelLabel')}>
      <Radio.Group
        optionType="button"
        value={channel}
        onChange={(event) => onChange(event.target.value as CodeChannel)}
        options={CODE_CHANNELS.map((value) => ({
          value,
          label: <span data-testid={`${testId}-${value}`}>{label[value]}</span>,
        }))}
      />
    </div>
  );
}

/** The email address or mobile number the code goes to, checked by the channel's rule. */
export function TargetField({ channel, rule, testId }: { channel: CodeChannel; rule: Rule; testId: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item
      name="target"
      label={channel === 'email' ? t('email') : t('mobile')}
      required
      rules={[rule]}
      extra={channel === 'sms' ? t('mobileHint') : undefined}
    >
      {channel === 'email' ? (
        <Input type="email" autoComplete="email" inputMode="email" maxLength={254} data-testid={testId} />
      ) : (
        <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={16} data-testid={testId} />
      )}
    </Form.Item>
  );
}

/**
 * The 6-digit code with its "send code" button: the button first checks the target field, then
 * asks for a code and counts down until another may be sent (60 s, or what the server says).
 */
export function CodeField({
  form,
  channel,
  purpose,
  rule,
  testId,
}: {
  form: FormInstance;
  channel: CodeChannel;
  purpose: CodePurpose;
  rule: Rule;
  testId: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="code" label={t('code')} required rules={[rule]}>
      <CodeInput form={form} channel={channel} purpose={purpose} testId={testId} />
    </Form.Item>
  );
}

/** The input and button of `CodeField`; Form.Item hands the input its id, value and onChange. */
function CodeInput({
  form,
  channel,
  purpose,
  testId,
  id,
  value,
  onChange,
}: {
  form: FormInstance;
  channel: CodeChannel;
  purpose: CodePurpose;
  testId: string;
  id?: string;
  value?: string;
  onChange?(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const { t } = useTranslation('auth');
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const seconds = secondsLeft(endsAt, Date.now());
      setLeft(seconds);
      if (seconds === 0) setEndsAt(null);
    };
    tick();
    const timer = window.setInterval(tick, 500);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const send = async () => {
    try {
      await form.validateFields(['target']);
    } catch {
      form.scrollToField('target', SCROLL_TO_FIRST_ERROR);
      return;
    }
    const target = String(form.getFieldValue('target') ?? '').trim();
    setSending(true);
    const result = await requestClient.call(sendCode, { channel, target, purpose });
    setSending(false);
    if (!result.ok) return;
    toast.success(t('accounts:codeSent'));
    setEndsAt(resendAt(Date.now(), result.data.resend_after_seconds));
    form.scrollToField('code', { focus: true, block: 'nearest' });
  };

  return (
    <div className="accounts-code">
      <Input
        id={id}
        value={value}
        onChange={onChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        data-testid={testId}
      />
      <Button onClick={() => void send()} loading={sending} disabled={left > 0} data-testid={`${testId}-send`}>
        {left > 0 ? t('resendIn', { seconds: left }) : t('sendCode')}
      </Button>
    </div>
  );
}
