import { useRevalidator } from 'react-router';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import { PAGE_SIZE } from '@portal/contracts/constants';
import type { UserBrief } from '@portal/contracts/home';
import { LEVEL_FLOORS, MEDAL_LEVELS, POINT_SPEND } from '@portal/contracts/points';
import { pointsHistory, pointsMine, pointsSignIn, type PointsHistoryRow } from '@portal/contracts/points-member';
import { siteById } from '@portal/contracts/sites';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { useFormatTime } from '~/lib/format';
import { addTexts } from '~/lib/i18n';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { invalidateShell } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

// The section's texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

const DAY = 86_400_000;
/** Points spent (a raffle chance bought) are not taken back: no "taken back" after them. */
const SPENDS = Object.values(POINT_SPEND);

/** Where a ledger row's item lives on the portal, when it has a page of its own. */
function sourcePath(row: PointsHistoryRow): string | null {
  const site = siteById(row.site_id);
  if (!site || row.source_id === null) return null;
  switch (row.source_kind) {
    case 'post':
      return `/${site.prefix}/discuss/info/${row.source_id}`;
    case 'topic_article':
      return `/${site.prefix}/subject/article/${row.source_id}`;
    case 'event':
      return `/${site.prefix}/activity/info/${row.source_id}`;
    case 'raffle_campaign':
      return `/${site.prefix}/rafflelandingpage`;
    default:
      return null;
  }
}

const KNOWN_SOURCES = [
  'day',
  'post',
  'comment',
  'article_comment',
  'topic_article',
  'event',
  'questionnaire',
  'raffle_campaign',
] as const;

function SourceText({ row }: { row: PointsHistoryRow }) {
  const { t } = useTranslation('achievements');
  if (row.source_id === null) return null;
  const kind = (KNOWN_SOURCES as readonly string[]).includes(row.source_kind ?? '') ? row.source_kind : 'other';
  const label =
    kind === 'day'
      ? t('achievements:source.day', { date: new Date(row.source_id * DAY).toISOString().slice(0, 10) })
      : t(`achievements:source.${kind}`, { id: row.source_id });
  const href = sourcePath(row);
  return href ? <a href={href}>{label}</a> : <span>{label}</span>;
}

function HistoryItem({ row }: { row: PointsHistoryRow }) {
  const { t } = useTranslation('achievements');
  const { site } = useShell();
  const formatTime = useFormatTime();
  const gained = row.amount > 0;
  return (
    <List.Item
      data-testid={`points-row-${row.id}`}
      extra={
        <span className={gained ? 'achievements__gain' : 'achievements__loss'} data-testid="points-row-amount">
          {gained ? `+${row.amount}` : row.amount}
        </span>
      }
    >
      <List.Item.Meta
        title={
          <span data-testid="points-row-rule">
            {t(`achievements:rules.${row.rule}`)}
            {gained || (SPENDS as readonly string[]).includes(row.rule) ? null : ` ${t('achievements:takenBack')}`}
          </span>
        }
        description={
          <>
            {formatTime(row.create_time)}
            {' · '}
            <SourceText row={row} />
            {row.site_id !== site.tws_id ? ` · ${t('achievements:otherSite')}` : null}
          </>
        }
      />
    </List.Item>
  );
}

/** The member's ledger, newest first, keyset paged (the source of every row named). */
function PointsHistory() {
  const { t } = useTranslation('achievements');
  // The first page is the one the centre's loader asked: rendered on the server.
  const query = useCallPages(pointsHistory, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="achievements__history" data-testid="points-history">
      <h3>{t('achievements:historyTitle')}</h3>
      <List<PointsHistoryRow>
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: t('achievements:historyEmpty') }}
        renderItem={(row) => <HistoryItem key={row.id} row={row} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="points-history-more"
          >
            {t('achievements:loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The member's identity badges (user_logo_arr, codes 10..80 of decisions.md). */
function Badges({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation('achievements');
  return (
    <div className="achievements__badges" data-testid="achievements-badges">
      <span className="achievements__label">{t('centre:badgesTitle')}</span>
      {codes.length === 0 ? (
        <span>{t('centre:badgesNone')}</span>
      ) : (
        codes.map((code) => (
          <span key={code} className="achievements__badge" data-testid={`achievements-badge-${code}`}>
            {t(`badges:${code}`, { defaultValue: '' })}
          </span>
        ))
      )}
    </div>
  );
}

/**
 * The personal centre's achievements (issue 22 items 2 and 3, decision 032): points, level and the
 * way to the next, the medals, the daily sign-in with its streak, and the points history. Read in the
 * browser after the page (a chunk of its own).
 */
export default function MyAchievements({ member }: { member: Pick<UserBrief, 'user_logo_arr'> }) {
  const { t } = useTranslation('achievements');
  const mine = useCall(pointsMine, {});
  const signIn = useCallMutation(pointsSignIn, {
    invalidates: [pointsMine, pointsHistory],
    invalidateOnError: true,
    successToast: false,
  });
  const { revalidate } = useRevalidator();
  const data = mine.data;

  const press = async () => {
    try {
      const result = await signIn.mutateAsync({});
      toast.success(
        result.awarded > 0
          ? t('achievements:signedIn', { points: result.awarded })
          : t('achievements:signedInNoPoints'),
      );
      // The navbar shows the level.
      invalidateShell();
      void revalidate();
    } catch {
      // The request client has shown the refusal (signed in already today).
    }
  };

  const percent = data
    ? Math.round(
        ((data.earned_points - data.level_floor) / ((data.next_level_points ?? 1) - data.level_floor || 1)) * 100,
      )
    : 0;

  return (
    <section className="accounts-section achievements" aria-labelledby="achievements-title" data-testid="achievements">
      <h2 id="achievements-title">{t('achievements:title')}</h2>
      {data ? (
        <>
          <div className="achievements__summary">
            <div className="achievements__figure">
              <span className="achievements__label">{t('achievements:points')}</span>
              <strong data-testid="achievements-points">{data.points}</strong>
            </div>
            <div className="achievements__figure" title={t('achievements:earnedHint')}>
              <span className="achievements__label">{t('achievements:earned')}</span>
              <strong data-testid="achievements-earned">{data.earned_points}</strong>
            </div>
            <div className="achievements__figure">
              <span className="achievements__label">{t('achievements:level')}</span>
              <strong data-testid="achievements-level">Lv{data.level}</strong>
            </div>
            <div className="achievements__figure">
              <span className="achievements__label">{t('achievements:medal')}</span>
              <strong data-testid="achievements-medal">
                {data.medal > 0 ? t(`medals:${data.medal}`, { defaultValue: '' }) : t('achievements:noMedal')}
              </strong>
            </div>
          </div>
          <div className="achievements__progress">
            <div
              className="achievements__bar"
              role="progressbar"
              aria-label={t('achievements:progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={data.next_level_points === null ? 100 : percent}
            >
              <span style={{ width: `${data.next_level_points === null ? 100 : percent}%` }} />
            </div>
            <span data-testid="achievements-to-next">
              {data.next_level_points === null
                ? t('achievements:topLevel')
                : t('achievements:toNext', {
                    level: data.level + 1,
                    points: data.next_level_points - data.earned_points,
                  })}
            </span>
          </div>
          <div className="achievements__signin">
            <Button
              type="primary"
              disabled={data.signed_today}
              loading={signIn.isPending}
              onClick={() => void press()}
              data-testid="points-signin"
            >
              {data.signed_today
                ? t('achievements:signedToday')
                : data.signin_points > 0
                  ? t('achievements:signInPoints', { points: data.signin_points })
                  : t('achievements:signIn')}
            </Button>
            <span data-testid="points-streak">
              {data.streak > 0 ? t('achievements:streak', { count: data.streak }) : t('achievements:streakNone')}
            </span>
          </div>
          <div className="achievements__medals" aria-label={t('achievements:medalsTitle')}>
            {MEDAL_LEVELS.map((level, i) => (
              <span
                key={level}
                className={`achievements__medal achievements__medal--${i + 1}${data.level >= level ? '' : ' achievements__medal--locked'}`}
                data-testid={`achievements-medal-${i + 1}`}
                data-earned={data.level >= level ? 'true' : 'false'}
              >
                {t(`medals:${i + 1}`, { defaultValue: '' })} · {t('achievements:medalAt', { level })} (
                {LEVEL_FLOORS[level - 1]})
              </span>
            ))}
          </div>
          <Badges codes={member.user_logo_arr} />
        </>
      ) : null}
      <PointsHistory />
    </section>
  );
}
