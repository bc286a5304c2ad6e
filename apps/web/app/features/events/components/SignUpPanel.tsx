import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { activityCancelSignUp, activitySignUp, SIGNUP_STATUS, type ActivityDetail } from '@portal/contracts/events';
import { ACTIVITY_STATE } from '@portal/contracts/constants';
import { PortalButton } from '~/components/PortalButton';
import { useCallMutation, type CallMutationError } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventCalls } from '../api/event-queries';
import { CheckinCode, IcsLink } from './signup-tools';
import { useMemberGate } from './use-member-gate';

/**
 * Sign-up, the waitlist and cancellation. The form asks the event's own fields; the server checks
 * them again (a wrong answer comes back naming the field). Cancelling asks once more, inline.
 */
export function SignUpPanel({ event }: { event: ActivityDetail }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const { user, loginHref } = useMemberGate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const signUp = useCallMutation(activitySignUp, {
    invalidates: eventCalls(site, event.ta_id),
    invalidateOnError: true,
  });
  const cancel = useCallMutation(activityCancelSignUp, {
    invalidates: eventCalls(site, event.ta_id),
    invalidateOnError: true,
  });
  const mine = event.my_signup;
  const full = event.ta_capacity > 0 && event.ta_signup_count >= event.ta_capacity;
  const registering = event.ta_state === ACTIVITY_STATE.registering;
  const beforeStart = event.ta_state === ACTIVITY_STATE.notStarted || registering;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signUp.mutate(
      { ta_id: event.ta_id, form: answers, join_waitlist: full && event.ta_waitlist_enabled },
      {
        onSuccess: () => setOpen(false),
        onError: (err: CallMutationError) => {
          if ((err.envelope?.data as { waitlist?: boolean } | null)?.waitlist) setOpen(true);
        },
      },
    );
  };

  if (mine) {
    const signedUp = mine.status === SIGNUP_STATUS.signedUp;
    return (
      <section className="event-signup" aria-label={t('ui.signUp')} data-testid="event-signup">
        <p className="event-signup__status" data-testid={signedUp ? 'event-signed-up' : 'event-waiting'}>
          {signedUp ? t('ui.signedUpBadge') : t('ui.waitingBadge', { position: mine.waitlist_position ?? 0 })}
        </p>
        {signedUp && event.ta_is_online && event.ta_online_url ? (
          <p className="event-signup__link">
            {t('ui.onlineLink')}:{' '}
            <a href={event.ta_online_url} target="_blank" rel="noopener noreferrer" data-testid="event-online-link">
              {event.ta_online_url}
            </a>
          </p>
        ) : null}
        {signedUp ? <CheckinCode eventId={event.ta_id} /> : null}
        {signedUp && event.has_questionnaire ? (
          <p className="event-signup__link">
            <Link to={`/${site.prefix}/questionnaire/${event.ta_id}`} data-testid="event-questionnaire-link">
              {t('questionnaire:ui.openLink')}
            </Link>
          </p>
        ) : null}
        <div className="event-signup__actions">
          {signedUp ? <IcsLink event={event} /> : null}
          {beforeStart ? (
            confirming ? (
              <span className="event-confirm" role="group">
                <span>{t('ui.confirmCancel')}</span>
                <PortalButton
                  danger
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate({ ta_id: event.ta_id }, { onSettled: () => setConfirming(false) })}
                  data-testid="event-cancel-confirm"
                >
                  {signedUp ? t('ui.cancelSignUp') : t('ui.leaveWaitlist')}
                </PortalButton>
                <PortalButton variant="link" onClick={() => setConfirming(false)}>
                  {t('ui.cancel')}
                </PortalButton>
              </span>
            ) : (
              <PortalButton onClick={() => setConfirming(true)} data-testid="event-cancel">
                {signedUp ? t('ui.cancelSignUp') : t('ui.leaveWaitlist')}
              </PortalButton>
            )
          ) : null}
        </div>
      </section>
    );
  }

  if (!registering) return null;
  if (!user) {
    return (
      <section className="event-signup" data-testid="event-signup">
        {event.ta_is_online ? <p className="event-signup__hint">{t('ui.onlineLinkHidden')}</p> : null}
        <Link to={loginHref} className="portal-button portal-button--primary" data-testid="event-login">
          {t('ui.loginToSignUp')}
        </Link>
      </section>
    );
  }
  const canWait = full && event.ta_waitlist_enabled;
  return (
    <section className="event-signup" aria-label={t('ui.signUp')} data-testid="event-signup">
      {event.ta_is_online ? <p className="event-signup__hint">{t('ui.onlineLinkHidden')}</p> : null}
      {full && !canWait ? (
        <p className="event-signup__status">{t('ui.full')}</p>
      ) : open ? (
        <form className="event-form" onSubmit={submit} data-testid="event-form">
          <h3>{t('ui.formTitle')}</h3>
          {event.ta_form_fields.map((field) => (
            <label key={field.key} className="event-form__field">
              <span>
                {field.label}
                {field.required ? <abbr title={t('ui.required')}> *</abbr> : null}
              </span>
              {field.type === 'choice' ? (
                <select
                  required={field.required}
                  value={answers[field.key] ?? ''}
                  onChange={(e) => setAnswers({ ...answers, [field.key]: e.target.value })}
                  data-testid={`event-field-${field.key}`}
                >
                  <option value="">{t('ui.choose')}</option>
                  {field.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type={field.type === 'phone' ? 'tel' : 'text'}
                  autoComplete={field.type === 'phone' ? 'tel' : field.type === 'company' ? 'organization' : undefined}
                  required={field.required}
                  maxLength={200}
                  value={answers[field.key] ?? ''}
                  onChange={(e) => setAnswers({ ...answers, [field.key]: e.target.value })}
                  data-testid={`event-field-${field.key}`}
                />
              )}
            </label>
          ))}
          <div className="event-form__actions">
            <PortalButton variant="primary" htmlType="submit" loading={signUp.isPending} data-testid="event-submit">
              {canWait ? t('ui.joinWaitlist') : t('ui.submit')}
            </PortalButton>
            <PortalButton variant="link" onClick={() => setOpen(false)}>
              {t('ui.cancel')}
            </PortalButton>
          </div>
        </form>
      ) : (
        <PortalButton variant="primary" onClick={() => setOpen(true)} data-testid="event-signup-open">
          {canWait ? t('ui.joinWaitlist') : t('ui.signUp')}
        </PortalButton>
      )}
    </section>
  );
}
