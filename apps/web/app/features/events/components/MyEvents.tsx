import { useState } from 'react';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import { Tabs } from '~/components/Tabs';
import Tag from 'antd/es/tag';
import { ACTIVITY_STATE, PAGE_SIZE } from '@portal/contracts/constants';
import {
  activityCancelSignUp,
  activityCollection,
  activityIndex,
  activityInfo,
  SIGNUP_STATUS,
} from '@portal/contracts/events';
import {
  activityMyCollection,
  activityMySignups,
  MY_SIGNUP_GROUPS,
  type MyFavouriteEvent,
  type MySignupGroup,
  type MySignupRow,
} from '@portal/contracts/events-mine';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { addTexts } from '~/lib/i18n';
import { useCallMutation, useCallPages, type Invalidates } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventPath } from '../api/event-view';
import { EventStateBadge, EventWindow } from './EventCard';
import { CheckinCode, IcsLink } from './signup-tools';

// The sections' own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

const GROUP_LABEL: Record<MySignupGroup, string> = {
  upcoming: 'eventsCentre:ui.mySignupsUpcoming',
  waitlisted: 'eventsCentre:ui.mySignupsWaitlisted',
  past: 'eventsCentre:ui.mySignupsPast',
};
const GROUP_EMPTY: Record<MySignupGroup, string> = {
  upcoming: 'eventsCentre:ui.mySignupsEmptyUpcoming',
  waitlisted: 'eventsCentre:ui.mySignupsEmptyWaitlisted',
  past: 'eventsCentre:ui.mySignupsEmptyPast',
};

/** One sign-up: the event, its time in the viewer's zone, its state and the member's, and what they may do. */
function SignupItem({ row, invalidates }: { row: MySignupRow; invalidates: Invalidates[] }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const [showCode, setShowCode] = useState(false);
  const cancel = useCallMutation(activityCancelSignUp, { invalidates, invalidateOnError: true });
  const seated = row.status === SIGNUP_STATUS.signedUp;
  const ended = row.ta_state === ACTIVITY_STATE.ended;
  const beforeStart = new Date(row.ta_start_time).getTime() > Date.now();
  return (
    <List.Item data-testid={`my-signup-${row.ta_id}`}>
      <List.Item.Meta
        title={
          <span className="my-posts__title">
            <EventStateBadge state={row.ta_state} />
            <a href={eventPath(site.prefix, row.ta_id)}>{row.ta_title}</a>
          </span>
        }
        description={
          <>
            <EventWindow start={row.ta_start_time} end={row.ta_end_time} />
            {' · '}
            {ended ? (
              <Tag color={row.checked_in ? 'success' : 'default'} data-testid="my-signup-attendance">
                {row.checked_in ? t('eventsCentre:ui.attended') : t('eventsCentre:ui.notAttended')}
              </Tag>
            ) : seated ? (
              <Tag color="success">{t('ui.signedUpBadge')}</Tag>
            ) : (
              <Tag color="processing" data-testid="my-signup-position">
                {t('ui.waitingBadge', { position: row.waitlist_position ?? 0 })}
              </Tag>
            )}
            {!ended ? (
              <div className="my-events__actions">
                {seated ? <IcsLink event={row} /> : null}
                {seated ? (
                  <Button type="link" onClick={() => setShowCode(!showCode)} data-testid="my-signup-show-code">
                    {t('ui.showCheckin')}
                  </Button>
                ) : null}
                {beforeStart ? (
                  <ConfirmAction
                    title={t('ui.confirmCancel')}
                    danger
                    onConfirm={() => cancel.mutateAsync({ ta_id: row.ta_id }).then(() => undefined)}
                  >
                    <Button danger loading={cancel.isPending} data-testid="my-signup-cancel">
                      {seated ? t('ui.cancelSignUp') : t('ui.leaveWaitlist')}
                    </Button>
                  </ConfirmAction>
                ) : null}
              </div>
            ) : null}
            {showCode && seated ? <CheckinCode eventId={row.ta_id} /> : null}
          </>
        }
      />
    </List.Item>
  );
}

function SignupGroup({ group }: { group: MySignupGroup }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  // The upcoming group's first page is the one the centre's loader asked: rendered on the server.
  const query = useCallPages(activityMySignups, { group, limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // A cancellation moves rows between groups and changes the event's counts.
  const invalidates: Invalidates[] = [
    { call: activityMySignups, site: site.apply_site },
    { call: activityInfo, site: site.apply_site },
    { call: activityIndex, site: site.apply_site },
  ];
  return (
    <>
      <List<MySignupRow>
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: t(GROUP_EMPTY[group]) }}
        renderItem={(row) => <SignupItem key={row.signup_id} row={row} invalidates={invalidates} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('ui.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** "My event sign-ups": upcoming, waitlisted and past, each its own keyset list (decision 030); the applications section. */
export function MySignups() {
  const { t } = useTranslation('events');
  return (
    <section
      className="accounts-section my-posts my-events"
      aria-labelledby="my-signups-title"
      data-testid="my-signups"
    >
      <h2 id="my-signups-title">{t('eventsCentre:ui.mySignupsTitle')}</h2>
      <Tabs
        items={MY_SIGNUP_GROUPS.map((group) => ({
          key: group,
          label: <span data-testid={`my-signups-tab-${group}`}>{t(GROUP_LABEL[group])}</span>,
          children: <SignupGroup group={group} />,
        }))}
      />
    </section>
  );
}

function FavouriteItem({ event }: { event: MyFavouriteEvent }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const unfavourite = useCallMutation(activityCollection, {
    invalidates: [
      { call: activityMyCollection, site: site.apply_site },
      { call: activityInfo, site: site.apply_site, body: { ta_id: event.ta_id } },
    ],
  });
  return (
    <List.Item
      data-testid={`my-favourite-${event.ta_id}`}
      actions={[
        <ConfirmAction
          key="unfavourite"
          title={t('eventsCentre:ui.confirmUnfavourite')}
          onConfirm={() => unfavourite.mutateAsync({ ta_id: event.ta_id }).then(() => undefined)}
        >
          <Button loading={unfavourite.isPending} data-testid="my-favourite-remove">
            {t('eventsCentre:ui.unfavourite')}
          </Button>
        </ConfirmAction>,
      ]}
    >
      <List.Item.Meta
        title={
          <span className="my-posts__title">
            <EventStateBadge state={event.ta_state} />
            <a href={eventPath(site.prefix, event.ta_id)}>{event.ta_title}</a>
          </span>
        }
        description={<EventWindow start={event.ta_start_time} end={event.ta_end_time} />}
      />
    </List.Item>
  );
}

/** "My favourite events": the events favourited on this site, latest first, with un-favourite (decision 030); the favourites section. */
export function MyFavouriteEvents() {
  const { t } = useTranslation('events');
  const query = useCallPages(activityMyCollection, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const events = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="accounts-section my-posts" aria-labelledby="my-favourites-title" data-testid="my-favourites">
      <h2 id="my-favourites-title">{t('eventsCentre:ui.myFavouritesTitle')}</h2>
      <List<MyFavouriteEvent>
        loading={query.isPending}
        dataSource={events}
        locale={{ emptyText: t('eventsCentre:ui.myFavouritesEmpty') }}
        renderItem={(event) => <FavouriteItem key={event.ta_id} event={event} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('ui.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
