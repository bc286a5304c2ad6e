import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { activityCollection, activityLike } from '@portal/contracts/events';
import { siteById } from '@portal/contracts/sites';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { catalogueOf } from '~/lib/catalogue';
import { useNonce } from '~/lib/nonce';
import { useCallMutation } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventCalls, eventInfoQuery } from '../api/event-queries';
import { eventJsonLd, eventPath } from '../api/event-view';
import { EventStateBadge, EventWindow, SignupCount } from './EventCard';
import { QuestionsSection } from './QuestionsSection';
import { SignUpPanel } from './SignUpPanel';
import { useMemberGate } from './use-member-gate';

export function EventNotFound() {
  const { t } = useTranslation('events');
  const { site } = useShell();
  return (
    <div className="portal-page event-page" data-testid="event-not-found">
      <section className="event-card-box">
        <h1>{t('ui.notFoundTitle')}</h1>
        <p>{t('ui.notFoundText')}</p>
        <Link to={`/${site.prefix}/activity/index`}>{t('ui.backToList')}</Link>
      </section>
    </div>
  );
}

/** `/{lang}/activity/info/{id}`: the event, its sign-up, schedule, body and questions. */
export function EventDetailPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const { site, origin } = useShell();
  const nonce = useNonce();
  const { gate } = useMemberGate();
  const event = useQuery(eventInfoQuery(site, eventId)).data;
  const like = useCallMutation(activityLike, { invalidates: eventCalls(site, eventId), successToast: false });
  const favourite = useCallMutation(activityCollection, {
    invalidates: eventCalls(site, eventId),
    successToast: false,
  });
  if (!event) return <EventNotFound />;
  const pageUrl = `${origin}${eventPath(site.prefix, event.ta_id)}`;
  const place = event.ta_is_online
    ? t('ui.onlineEvent')
    : [event.ta_province, event.ta_city, event.ta_address].filter(Boolean).join(' · ');
  const otherVersion = event.linked[0];
  const otherSite = otherVersion ? siteById(otherVersion.tws_id) : undefined;
  return (
    <article className="portal-page event-page event-detail" data-testid="event-detail" data-event-id={event.ta_id}>
      <script
        type="application/ld+json"
        nonce={nonce}
        // The JSON is escaped for a <script> (eventJsonLd): no markup can end it.
        dangerouslySetInnerHTML={{
          __html: eventJsonLd(event, pageUrl, origin, catalogueOf(site.lang).common.siteName),
        }}
      />
      <header className="event-hero">
        <img src={event.ta_cover_url} alt="" className="event-hero__cover" width={480} height={270} />
        <div className="event-hero__body">
          <p className="event-card__badges">
            <EventStateBadge state={event.ta_state} />
            <span className="event-card__type">{event.ta_is_online ? t('ui.online') : t('ui.offline')}</span>
          </p>
          <h1 data-testid="event-title">{event.ta_title}</h1>
          <dl className="event-facts">
            <dt>{t('ui.time')}</dt>
            <dd>
              <EventWindow start={event.ta_start_time} end={event.ta_end_time} />
            </dd>
            <dt>{t('ui.place')}</dt>
            <dd data-testid="event-place">{place}</dd>
            <dt>{t('ui.signupWindow')}</dt>
            <dd>
              <DateTime iso={event.ta_signup_start_time} /> – <DateTime iso={event.ta_signup_end_time} />
            </dd>
            <dt className="portal-visually-hidden">{t('ui.signUp')}</dt>
            <dd>
              <SignupCount count={event.ta_signup_count} capacity={event.ta_capacity} />
              {event.ta_waitlist_count > 0 ? ` · ${t('ui.waitlistOpen')} ${event.ta_waitlist_count}` : null}
            </dd>
          </dl>
          <div className="event-reactions">
            <PortalButton
              ghost={event.is_liked}
              aria-pressed={event.is_liked}
              loading={like.isPending}
              onClick={() => gate(() => like.mutate({ ta_id: event.ta_id }))}
              data-testid="event-like"
            >
              {event.is_liked ? t('ui.liked') : t('ui.like')} {event.like_count}
            </PortalButton>
            <PortalButton
              ghost={event.is_favourited}
              aria-pressed={event.is_favourited}
              loading={favourite.isPending}
              onClick={() => gate(() => favourite.mutate({ ta_id: event.ta_id }))}
              data-testid="event-favourite"
            >
              {event.is_favourited ? t('ui.favourited') : t('ui.favourite')} {event.favourite_count}
            </PortalButton>
            {otherVersion && otherSite ? (
              <Link to={eventPath(otherSite.prefix, otherVersion.ta_id)} hrefLang={otherSite.htmlLang} reloadDocument>
                {t('ui.otherLanguage')}
              </Link>
            ) : null}
          </div>
          <SignUpPanel event={event} />
        </div>
      </header>

      {event.ta_schedule.length ? (
        <section className="event-box" aria-labelledby="event-schedule-title">
          <h2 id="event-schedule-title">{t('ui.schedule')}</h2>
          <ol className="event-schedule">
            {event.ta_schedule.map((item) => (
              <li key={`${item.time}-${item.title}`}>
                <DateTime iso={item.time} /> <span>{item.title}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="event-box" aria-labelledby="event-about-title">
        <h2 id="event-about-title">{t('ui.about')}</h2>
        {/* Sanitised on the server with the allow-list when it was written. */}
        <div className="event-body" dangerouslySetInnerHTML={{ __html: event.ta_content }} />
      </section>

      <QuestionsSection event={event} />
    </article>
  );
}
