import { useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { adminReviewDecide, REVIEW_RULE } from '@portal/contracts/reviews';
import { topicArticleFeature, type HostedTopic } from '@portal/contracts/topic-host-zone';
import { topicArticlePath, topicPath } from '@portal/contracts/topics';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

const CHART = { width: 600, height: 120, pad: 18 } as const;

type DayFigure = 'articles' | 'followers' | 'views';

/** One of the topic's figures per day of the last 30 days as bars, another as a line, in plain SVG. */
function DaysChart({
  days,
  bars,
  line,
  label,
  testId,
}: {
  days: HostedTopic['days'];
  bars: { figure: DayFigure; key: string };
  line?: { figure: DayFigure; key: string };
  label: string;
  testId: string;
}) {
  const titleId = useId();
  const top = Math.max(1, ...days.map((d) => Math.max(d[bars.figure], line ? d[line.figure] : 0)));
  const step = (CHART.width - CHART.pad * 2) / days.length;
  const y = (n: number) => CHART.height - CHART.pad - (n / top) * (CHART.height - CHART.pad * 2);
  return (
    <figure className="topics-chart" data-testid={testId}>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{label}</title>
        <line x1={CHART.pad} x2={CHART.width - CHART.pad} y1={y(0)} y2={y(0)} className="topics-chart__axis" />
        {days.map((d, i) =>
          d[bars.figure] > 0 ? (
            <rect
              key={d.day}
              x={CHART.pad + step * i + step * 0.2}
              width={step * 0.6}
              y={y(d[bars.figure])}
              height={y(0) - y(d[bars.figure])}
              className="topics-chart__bar"
            >
              <title>{`${d.day}: ${d[bars.figure]}`}</title>
            </rect>
          ) : null,
        )}
        {line ? (
          <polyline
            points={days
              .map((d, i) => `${(CHART.pad + step * i + step / 2).toFixed(1)},${y(d[line.figure]).toFixed(1)}`)
              .join(' ')}
            className="topics-chart__line"
            fill="none"
          />
        ) : null}
        <text x={CHART.pad} y={CHART.height - 2} className="topics-chart__tick">
          {days[0]?.day}
        </text>
        <text x={CHART.width - CHART.pad} y={CHART.height - 2} textAnchor="end" className="topics-chart__tick">
          {days[days.length - 1]?.day}
        </text>
      </svg>
      <figcaption className="topics-meta">
        <span className="topics-chart__key topics-chart__key--bar">{bars.key}</span>
        {line ? <span className="topics-chart__key topics-chart__key--line">{line.key}</span> : null}
      </figcaption>
    </figure>
  );
}

/** The topic's last 30 days: views, then articles published with new followers. */
function TopicDays({ days }: { days: HostedTopic['days'] }) {
  const { t } = useTranslation('topics');
  const total = (figure: DayFigure) => days.reduce((sum, d) => sum + d[figure], 0);
  return (
    <>
      <DaysChart
        days={days}
        bars={{ figure: 'views', key: t('ui.hostChartViews') }}
        label={t('ui.hostViewsChartLabel', { views: total('views') })}
        testId="host-views-chart"
      />
      <DaysChart
        days={days}
        bars={{ figure: 'articles', key: t('ui.hostChartArticles') }}
        line={{ figure: 'followers', key: t('ui.hostChartFollowers') }}
        label={t('ui.hostChartLabel', { articles: total('articles'), followers: total('followers') })}
        testId="host-chart"
      />
    </>
  );
}

/** One pending article: approve, or reject with a reason (the one queue's decide call). */
function PendingArticle({ item, onDone }: { item: HostedTopic['pending'][number]; onDone(): void }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      toast.warning(t('ui.hostReasonRequired'));
      return;
    }
    setBusy(true);
    const result = await requestClient.call(
      adminReviewDecide,
      decision === 'reject'
        ? { ids: [item.review_id], decision, reason: reason.trim() }
        : { ids: [item.review_id], decision },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (!result.ok) return;
    const missed = result.data.results.find((r) => !r.ok);
    if (missed) toast.warning(missed.msg);
    else if (result.envelope.msg) toast.success(result.envelope.msg);
    onDone();
  };
  return (
    <li className="topics-host__item" data-testid="host-pending">
      <div>
        <Link to={topicArticlePath(site.prefix, item.ttar_id)} data-testid="host-pending-title">
          {item.ttar_title}
        </Link>
        <p className="topics-meta">
          {item.author.user_nick_name} · <DateTime iso={item.create_time} />
        </p>
      </div>
      {rejecting ? (
        <div className="topics-host__reject">
          <label htmlFor={reasonId} className="portal-visually-hidden">
            {t('ui.hostReason')}
          </label>
          <textarea
            id={reasonId}
            rows={2}
            maxLength={REVIEW_RULE.reasonMax}
            value={reason}
            placeholder={t('ui.hostReason')}
            onChange={(e) => setReason(e.target.value)}
            data-testid="host-reject-reason"
          />
          <PortalButton onClick={() => setRejecting(false)} disabled={busy}>
            {t('ui.hostCancel')}
          </PortalButton>
          <PortalButton danger loading={busy} onClick={() => void decide('reject')} data-testid="host-reject-submit">
            {t('ui.hostReject')}
          </PortalButton>
        </div>
      ) : (
        <div className="topics-actions">
          <PortalButton
            variant="primary"
            loading={busy}
            onClick={() => void decide('approve')}
            data-testid="host-approve"
          >
            {t('ui.hostApprove')}
          </PortalButton>
          <PortalButton danger onClick={() => setRejecting(true)} data-testid="host-reject">
            {t('ui.hostReject')}
          </PortalButton>
        </div>
      )}
    </li>
  );
}

function FeatureToggle({ article, onDone }: { article: HostedTopic['articles'][number]; onDone(): void }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const result = await requestClient.call(
      topicArticleFeature,
      { ttar_id: article.ttar_id, featured: !article.is_featured },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (result.ok) onDone();
  };
  return (
    <PortalButton
      variant={article.is_featured ? 'primary' : 'default'}
      aria-pressed={article.is_featured}
      loading={busy}
      onClick={() => void toggle()}
      data-testid="host-feature"
    >
      {article.is_featured ? t('ui.hostFeatured') : t('ui.hostFeature')}
    </PortalButton>
  );
}

function HostedTopicCard({ topic, refresh }: { topic: HostedTopic; refresh(): void }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  return (
    <section className="topics-main topics-host" aria-labelledby={`host-topic-${topic.tt_id}`} data-testid="host-topic">
      <h2 id={`host-topic-${topic.tt_id}`}>
        <Link to={topicPath(site.prefix, topic.tt_id)}>{topic.tt_title}</Link>
      </h2>
      <dl className="topics-host__figures" data-testid="host-figures">
        <div>
          <dt>{t('ui.hostArticles')}</dt>
          <dd>{topic.tt_article_count}</dd>
        </div>
        <div>
          <dt>{t('ui.hostViews')}</dt>
          <dd>{topic.view_count}</dd>
        </div>
        <div>
          <dt>{t('ui.hostFollowers')}</dt>
          <dd>{topic.tt_follower_count}</dd>
        </div>
      </dl>
      <TopicDays days={topic.days} />
      <h3>{t('ui.hostPendingTitle', { count: topic.pending.length })}</h3>
      {topic.pending.length ? (
        <ul className="topics-host__list">
          {topic.pending.map((item) => (
            <PendingArticle key={item.review_id} item={item} onDone={refresh} />
          ))}
        </ul>
      ) : (
        <p className="topics-meta">{t('ui.hostNoPending')}</p>
      )}
      <h3>{t('ui.hostFeaturedTitle')}</h3>
      {topic.articles.length ? (
        <ul className="topics-host__list">
          {topic.articles.map((article) => (
            <li key={article.ttar_id} className="topics-host__item" data-testid="host-article">
              <Link to={topicArticlePath(site.prefix, article.ttar_id)}>{article.ttar_title}</Link>
              <FeatureToggle article={article} onDone={refresh} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="topics-meta">{t('ui.noArticles')}</p>
      )}
    </section>
  );
}

/**
 * `/{lang}/subject/hostZone` (issue 19, item 6): for each topic the member hosts, its pending
 * articles to decide in place, its approved ones to feature on the topic's page, and its figures
 * with the last 30 days. Server-rendered from the loader; each decision reloads it.
 */
export function HostZonePage({
  topics,
  nextCursor,
  paged,
}: {
  topics: HostedTopic[];
  /** The next page's cursor (a site-wide reviewer may see many topics), or null on the last page. */
  nextCursor: string | null;
  /** Whether this is a later page than the first. */
  paged: boolean;
}) {
  const { t } = useTranslation('topics');
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  return (
    <div className="portal-page topics-page" data-testid="host-zone">
      <header className="topics-head">
        <h1>{t('ui.hostZoneTitle')}</h1>
        <p className="topics-head__lead">{t('ui.hostZoneLead')}</p>
      </header>
      {topics.map((topic) => (
        <HostedTopicCard key={topic.tt_id} topic={topic} refresh={refresh} />
      ))}
      {nextCursor || paged ? (
        <nav className="topics-pager" data-testid="host-zone-pager">
          {paged ? <Link to=".">{t('ui.hostZoneFirst')}</Link> : null}
          {nextCursor ? (
            <Link to={`?cursor=${encodeURIComponent(nextCursor)}`} data-testid="host-zone-next">
              {t('ui.hostZoneNext')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
