import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MoreButton } from '~/components/MoreButton';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { EVENT_STATES, EVENT_TYPES, eventListHref, isEventFiltered, type EventFilters } from '../api/event-filters';
import { eventAreasQuery, useEventList } from '../api/event-queries';
import { EventCalendar } from './EventCalendar';
import { EventCard } from './EventCard';

const typeLabel = { all: 'ui.allTypes', online: 'ui.online', offline: 'ui.offline' } as const;

/**
 * `/{lang}/activity/index`: area (province, then city), format and state filters, the month
 * calendar, and the events with "load more". Every filter lives in the URL query.
 */
export function EventListPage({ filters, calendarMonth }: { filters: EventFilters; calendarMonth: string }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const navigate = useNavigate();
  const areas = useQuery(eventAreasQuery(site)).data?.list ?? [];
  const pages = useEventList(site, filters);
  const { data } = pages;
  const events = data ? data.pages.flatMap((page) => page.list) : [];
  const href = (change: Partial<EventFilters>) => eventListHref(site.prefix, filters, change);
  const cities = areas.find((a) => a.province === filters.province)?.cities ?? [];
  const go = (change: Partial<EventFilters>) => void navigate(href(change), { preventScrollReset: true });

  return (
    <div className="portal-page event-page" data-testid="event-list-page">
      <header className="event-head">
        <h1>{t('ui.listTitle')}</h1>
        <p className="event-head__lead">{t('ui.listLead')}</p>
      </header>

      <div className="event-layout">
        <aside className="event-side">
          <EventCalendar filters={filters} month={calendarMonth} />
        </aside>
        <section className="event-main" aria-labelledby="event-list-title">
          <h2 id="event-list-title" className="portal-visually-hidden">
            {t('ui.listTitle')}
          </h2>
          <div className="event-filters" role="group" aria-label={t('ui.filters')}>
            <label className="event-select">
              <span>{t('ui.area')}</span>
              <select
                value={filters.province ?? ''}
                onChange={(e) => go({ province: e.target.value || null, city: null })}
                data-testid="event-province"
              >
                <option value="">{t('ui.allAreas')}</option>
                {areas.map((a) => (
                  <option key={a.province} value={a.province}>
                    {a.province}
                  </option>
                ))}
              </select>
            </label>
            {filters.province && cities.length ? (
              <label className="event-select">
                <span className="portal-visually-hidden">{t('ui.area')}</span>
                <select
                  value={filters.city ?? ''}
                  onChange={(e) => go({ city: e.target.value || null })}
                  data-testid="event-city"
                >
                  <option value="">{t('ui.allCities')}</option>
                  {cities.map((c) => (
                    <option key={c.city} value={c.city}>
                      {c.city}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <nav className="event-chips" aria-label={t('ui.type')}>
              {EVENT_TYPES.map((type) => (
                <Link
                  key={type}
                  to={href({ type })}
                  className={type === filters.type ? 'event-chip is-active' : 'event-chip'}
                  aria-current={type === filters.type ? 'true' : undefined}
                  preventScrollReset
                  data-testid={`event-type-${type}`}
                >
                  {t(typeLabel[type])}
                </Link>
              ))}
            </nav>
            <nav className="event-chips" aria-label={t('ui.state')}>
              {[null, ...EVENT_STATES].map((state) => (
                <Link
                  key={state ?? 'all'}
                  to={href({ state })}
                  className={state === filters.state ? 'event-chip is-active' : 'event-chip'}
                  aria-current={state === filters.state ? 'true' : undefined}
                  preventScrollReset
                  data-testid={`event-state-${state ?? 'all'}`}
                >
                  {state === null ? t('ui.allStates') : t(`activityState:${state}`, { defaultValue: '' })}
                </Link>
              ))}
            </nav>
            {isEventFiltered(filters) ? (
              <Link
                to={eventListHref(site.prefix, filters, {
                  province: null,
                  city: null,
                  type: 'all',
                  state: null,
                  month: null,
                })}
                data-testid="event-clear"
              >
                {t('ui.allAreas')} · {t('ui.allMonths')}
              </Link>
            ) : null}
          </div>

          {events.length ? (
            <ul className="event-list" data-testid="event-list">
              {events.map((event) => (
                <EventCard key={event.ta_id} event={event} />
              ))}
            </ul>
          ) : (
            <p className="event-empty" data-testid="event-empty">
              {t('ui.empty')}
            </p>
          )}
          <MoreButton query={pages} className="event-more" testId="event-load-more">
            {t('ui.loadMore')}
          </MoreButton>
        </section>
      </div>
    </div>
  );
}
