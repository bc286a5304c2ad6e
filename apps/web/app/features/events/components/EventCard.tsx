import { Link } from 'react-router';
import { useFormatTime } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import type { EventListEntry } from '../api/event-queries';
import { eventPath } from '../api/event-view';

export function EventStateBadge({ state }: { state: number }) {
  const { t } = useTranslation('events');
  return (
    <span className={`activity-state activity-state--${state}`} data-testid="event-state">
      {t(`activityState:${state}`, { defaultValue: '' })}
    </span>
  );
}

/** The time window in the viewer's zone: `start – end`, the end's date left out on the same day. */
export function EventWindow({ start, end }: { start: string; end: string }) {
  const format = useFormatTime();
  const from = format(start);
  const to = format(end);
  const sameDay = format(start, { dateOnly: true }) === format(end, { dateOnly: true });
  const endText = sameDay ? to.slice(to.lastIndexOf(' ') + 1) : to;
  return (
    <span className="event-window">
      <time dateTime={start}>{from}</time> – <time dateTime={end}>{endText}</time>
    </span>
  );
}

export function SignupCount({ count, capacity }: { count: number; capacity: number }) {
  const { t } = useTranslation('events');
  return (
    <span data-testid="event-signups">
      {capacity > 0 ? t('ui.signups', { count, capacity }) : t('ui.signupsUnlimited', { count })}
    </span>
  );
}

/** One event of the list: cover, state, title, time window, place, sign-ups and capacity. */
export function EventCard({ event }: { event: EventListEntry }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const to = eventPath(site.prefix, event.ta_id);
  const place = event.ta_is_online
    ? t('ui.onlineEvent')
    : [event.ta_city, event.ta_address].filter(Boolean).join(' · ');
  return (
    <li className="event-card" data-testid="event-card" data-event-id={event.ta_id}>
      <Link to={to} className="event-card__cover-link" tabIndex={-1} aria-hidden="true">
        <img
          src={event.ta_cover_url}
          alt=""
          className="event-card__cover"
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="event-card__body">
        <p className="event-card__badges">
          <EventStateBadge state={event.ta_state} />
          <span className="event-card__type">{event.ta_is_online ? t('ui.online') : t('ui.offline')}</span>
        </p>
        <h3 className="event-card__title">
          <Link to={to} data-testid="event-card-link">
            {event.ta_title}
          </Link>
        </h3>
        <p className="event-card__meta">
          <EventWindow start={event.ta_start_time} end={event.ta_end_time} />
        </p>
        <p className="event-card__meta">{place}</p>
        <p className="event-card__meta">
          <SignupCount count={event.ta_signup_count} capacity={event.ta_capacity} />
          {event.ta_waitlist_enabled && event.ta_capacity > 0 && event.ta_signup_count >= event.ta_capacity ? (
            <span className="event-card__waitlist"> · {t('ui.waitlistOpen')}</span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
