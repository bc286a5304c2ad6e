import { Link } from 'react-router';
import { VIEW_TYPE, signregistList } from '@portal/contracts/event-signups';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { usePermission } from '~/components/permission/Permitted';
import { useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventPath } from '../api/event-view';

export const SIGNUP_LIST_PAGE_SIZE = 50;

export const signupListBody = (eventId: number, viewType: 1 | 2) => ({
  ta_id: eventId,
  sign_type: 1 as const,
  view_type: viewType,
  limit: SIGNUP_LIST_PAGE_SIZE,
});

/**
 * `/{lang}/signregist/list/{ta_id}/1/{view_type}` (decision 028): who signed up for an event, or
 * waits, with names, companies and phones masked by the server. Organisers find the full list, the
 * check-in and the export in the back office.
 */
export function SignupListPage({ eventId, viewType }: { eventId: number; viewType: 1 | 2 }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const manage = usePermission('event.manage');
  const pages = useCallPages(signregistList, signupListBody(eventId, viewType), { site, firstPage: true });
  const first = pages.data?.pages[0];
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const tab = (v: 1 | 2, label: string) => (
    <Link
      to={`/${site.prefix}/signregist/list/${eventId}/1/${v}`}
      className={`signup-list__tab${v === viewType ? ' signup-list__tab--on' : ''}`}
      aria-current={v === viewType ? 'page' : undefined}
      data-testid={`signup-list-tab-${v}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="portal-page event-page" data-testid="signup-list">
      <section className="event-card-box">
        <h1>{first ? t('ui.listTitle2', { title: first.ta_title }) : t('ui.signupList')}</h1>
        <p>
          <Link to={eventPath(site.prefix, eventId)}>{first?.ta_title}</Link>
        </p>
        <nav className="signup-list__tabs">
          {tab(VIEW_TYPE.confirmed, t('ui.listConfirmed', { n: first?.ta_signup_count ?? 0 }))}
          {tab(VIEW_TYPE.waitlist, t('ui.listWaitlist', { n: first?.ta_waitlist_count ?? 0 }))}
        </nav>
        <p className="event-signup__hint">{t('ui.listMaskedNote')}</p>
        {manage ? (
          <p>
            <a href={`/admin/events?site=${site.apply_site}`}>{t('ui.listManage')}</a>
          </p>
        ) : null}
        {rows.length === 0 && !pages.isPending ? (
          <p data-testid="signup-list-empty">{t('ui.listEmpty')}</p>
        ) : (
          <table className="signup-list__table">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('ui.listName')}</th>
                <th>{t('ui.listCompany')}</th>
                <th>{t('ui.listPhone')}</th>
                <th>{t('ui.listCheckedIn')}</th>
                <th>{t('ui.listTime')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.create_time}-${i}`} data-testid="signup-list-row">
                  <td>{i + 1}</td>
                  <td>{r.name}</td>
                  <td>{r.company}</td>
                  <td>{r.phone}</td>
                  <td>{r.checked_in ? '✓' : ''}</td>
                  <td>
                    <DateTime iso={r.create_time} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages.hasNextPage ? (
          <PortalButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('ui.loadMore')}
          </PortalButton>
        ) : null}
      </section>
    </div>
  );
}
