import { useEffect, useState } from 'react';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '~/lib/use-translation';
import { CODE_LENGTH, sendCode, CODE_CHANNELS, type CODE_PURPOSES } from '@portal/contracts/accounts';
import { Field, registerField, TextField } from '~/components/form/Form';
import { RadioButtons } from '~/components/form/RadioButtons';
import { PortalButton } from '~/components/PortalButton';
import { requestClient } from '~/lib/request/client';
import { toast } from '~/lib/toast';
import { resendAt, secondsLeft } from '../forms/countdown';
import type { CodeChannel } from '../routing/login-view';

type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The target field is cleared when the channel changes: an email address is no mobile number. */
export function useTargetResetOnChannel<V extends { target: string }>(form: UseFormReturn<V>, channel: CodeChannel) {
  useEffect(() => {
    form.resetField('target' as never);
  }, [form, channel]);
}

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
    <div className="accounts-channel" role="radiogroup" aria-label={t('channelLabel')}>
      <RadioButtons
        name={testId}
        value={channel}
        onChange={onChange}
        options={CODE_CHANNELS.map((value) => ({ value, label: label[value], testId: `${testId}-${value}` }))}
      />
    </div>
  );
}

/** The email address or mobile number the code goes to, checked by the channel's rule. */
export function TargetField({ channel, testId }: { channel: CodeChannel; testId: string }) {
  const { t } = useTranslation('auth');
  return channel === 'email' ? (
    <TextField
      key="email"
      name="target"
      label={t('email')}
      required
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      testId={testId}
    />
  ) : (
    <TextField
      key="sms"
      name="target"
      label={t('mobile')}
      required
      hint={t('mobileHint')}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      maxLength={16}
      testId={testId}
    />
  );
}

/**
 * The 6-digit code with its "send code" button: the button first checks the target field, then
 * asks for a code and counts down until another may be sent (60 s, or what the server says).
 */
export function CodeField({
  channel,
  purpose,
  testId,
}: {
  channel: CodeChannel;
  purpose: CodePurpose;
  testId: string;
}) {
  const { t } = useTranslation('auth');
  const form = useFormContext<{ target: string; code: string }>();
  const { trigger, getValues, setFocus } = form;
  const { initial, ...codeField } = registerField(form, 'code');
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
    if (!(await trigger('target', { shouldFocus: true }))) return;
    const target = String(getValues('target') ?? '').trim();
    setSending(true);
    const result = await requestClient.call(sendCode, { channel, target, purpose });
    setSending(false);
    if (!result.ok) return;
    toast.success(t('accounts:codeSent'));
    setEndsAt(resendAt(Date.now(), result.data.resend_after_seconds));
    setFocus('code');
  };

  return (
    <Field name="code" label={t('code')} required>
      {(control) => (
        <div className="accounts-code">
          <input
            {...control}
            {...codeField}
            defaultValue={typeof initial === 'string' ? initial : ''}
            className="portal-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            data-testid={testId}
          />
          <PortalButton
            onClick={() => void send()}
            loading={sending}
            disabled={left > 0}
            data-testid={`${testId}-send`}
          >
            {left > 0 ? t('resendIn', { seconds: left }) : t('sendCode')}
          </PortalButton>
        </div>
      )}
    </Field>
  );
}
