import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation, type TextFunction } from '~/lib/use-translation';
import type { ActivitySummary } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import { DateTime } from '~/components/DateTime';
import { useShell } from '~/lib/shell';
import { latestActivitiesQuery } from '../api/home-queries';
import { EmptyBlock, HomeBlock } from './HomeBlock';

/** Event state label (activityState catalogue: 10 not started … 40 ended). */
export function ActivityStateLabel({ state, t }: { state: number; t: TextFunction<'home'> }) {
  return (
    <span className={`activity-state activity-state--${state}`} data-testid="activity-state">
      {t(`activityState:${state}`, { defaultValue: '' })}
    </span>
  );
}

/**
 * One event; takes the block's `t` rather than asking i18next again for every card. The first card's
 * cover is on screen at once on a phone (its largest picture), so it loads at once; the others wait
 * until they come near the screen.
 */
function ActivityCard({
  activity,
  site,
  t,
  first,
}: {
  activity: ActivitySummary;
  site: Site;
  t: TextFunction<'home'>;
  first: boolean;
}) {
  const to = `/${site.prefix}/activity/info/${activity.ta_id}`;
  return (
    <li className="activity-card" data-testid="home-activity">
      <img
        src={activity.ta_cover_url}
        alt=""
        width={320}
        height={180}
        loading={first ? 'eager' : 'lazy'}
        decoding="async"
        className="activity-card__cover"
      />
      <div className="activity-card__body">
        <ActivityStateLabel state={activity.ta_state} t={t} />
        <h3 className="activity-card__title">
          <Link to={to}>{activity.ta_title}</Link>
        </h3>
        <p className="activity-card__meta">
          <DateTime iso={activity.ta_start_time} />
          {' · '}
          {activity.ta_is_online ? t('online') : activity.ta_address}
        </p>
        <p className="activity-card__meta">{t('signups', { count: activity.ta_signup_count })}</p>
      </div>
    </li>
  );
}

export function LatestActivities() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(latestActivitiesQuery(site));
  const list = data?.list ?? [];
  return (
    <HomeBlock id="home-activities" title={t('latestActivities')} viewAllTo={`/${site.prefix}/activity/index`}>
      {list.length ? (
        <ul className="activity-grid">
          {list.map((a, i) => (
            <ActivityCard key={a.ta_id} activity={a} site={site} t={t} first={i === 0} />
          ))}
        </ul>
      ) : (
        <EmptyBlock />
      )}
    </HomeBlock>
  );
}
