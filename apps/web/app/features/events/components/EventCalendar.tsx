import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventListHref, monthGrid, shiftMonth, type EventFilters } from '../api/event-filters';
import { eventCalendarQuery } from '../api/event-queries';

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The month calendar: days with events are marked (with how many), and moving between months
 * filters the list by that month, so the calendar and the list always show the same month.
 */
export function EventCalendar({ filters, month }: { filters: EventFilters; month: string }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const days = useQuery(eventCalendarQuery(site, filters, month)).data?.days ?? [];
  const counts = new Map(days.map((d) => [Number(d.date.slice(8)), d.count]));
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const weekdays = t('ui.weekdays').split(',');
  const title = t('ui.calendarTitle', { year, month: mon, monthName: MONTHS_EN[mon - 1] });
  const href = (m: string | null) => eventListHref(site.prefix, filters, { month: m });
  return (
    <section className="event-calendar" aria-label={title} data-testid="event-calendar" data-month={month}>
      <header className="event-calendar__head">
        <Link
          to={href(shiftMonth(month, -1))}
          aria-label={t('ui.prevMonth')}
          preventScrollReset
          data-testid="calendar-prev"
        >
          ‹
        </Link>
        <h2 className="event-calendar__title">{title}</h2>
        <Link
          to={href(shiftMonth(month, 1))}
          aria-label={t('ui.nextMonth')}
          preventScrollReset
          data-testid="calendar-next"
        >
          ›
        </Link>
      </header>
      <table className="event-calendar__grid">
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => {
                const n = day === null ? 0 : (counts.get(day) ?? 0);
                return (
                  <td
                    key={j}
                    className={n ? 'has-events' : undefined}
                    data-testid={n ? 'calendar-day-marked' : undefined}
                  >
                    {day === null ? null : (
                      <span title={n ? t('ui.eventsOnDay', { count: n }) : undefined}>
                        {day}
                        {n ? (
                          <span className="portal-visually-hidden">{` ${t('ui.eventsOnDay', { count: n })}`}</span>
                        ) : null}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="event-calendar__actions">
        {filters.month === month ? (
          <Link to={href(null)} preventScrollReset data-testid="calendar-clear-month">
            {t('ui.clearMonth')}
          </Link>
        ) : (
          <Link to={href(month)} preventScrollReset data-testid="calendar-filter-month">
            {t('ui.filterMonth')}
          </Link>
        )}
      </p>
    </section>
  );
}
