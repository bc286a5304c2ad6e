import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { followToggle } from '@portal/contracts/accounts';
import { FOLLOWED_FLAG, SIGN_BADGES } from '@portal/contracts/constants';
import { dictList } from '@portal/contracts/dictionaries';
import {
  EXPERT_SORTS,
  EXPERT_TABS,
  type ExpertProfile,
  type ExpertSort,
  type ExpertTab,
} from '@portal/contracts/experts';
import { Avatar } from '~/components/Avatar';
import { MoreButton } from '~/components/MoreButton';
import { PortalButton } from '~/components/PortalButton';
import { useFormatTime } from '~/lib/format';
import { callQuery } from '~/lib/query/call-query';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useMemberGate } from '~/lib/use-member-gate';
import { useTranslation } from '~/lib/use-translation';
import { contentHref, expertInfoQuery, expertPath, useExpertContent } from '../api/expert-page';

const KNOWN_BADGES = new Set<number>(SIGN_BADGES);

/** An expert's page (decision 034): the profile, follow, and one tab of their content in one sort. */
export function ExpertPage({ userId, tab, type }: { userId: number; tab: ExpertTab; type: ExpertSort }) {
  const { t } = useTranslation('experts');
  const { t: tAuth } = useTranslation('auth');
  const { site, user } = useShell();
  const { gate } = useMemberGate();
  const queryClient = useQueryClient();
  const infoQuery = expertInfoQuery(site, userId);
  const expert = useQuery(infoQuery).data;
  const fields = useQuery(callQuery(dictList, site, { kind: 'scene' })).data?.list ?? [];
  const industries = useQuery(callQuery(dictList, site, { kind: 'industry' })).data?.list ?? [];
  const pages = useExpertContent(site, userId, tab, type);
  const { data } = pages;
  const items = data?.pages.flatMap((page) => page.list) ?? [];
  const formatTime = useFormatTime();
  const [busy, setBusy] = useState(false);
  if (!expert) return null;

  const followed = expert.have_be_follow === FOLLOWED_FLAG;
  const follow = () =>
    gate(() => {
      setBusy(true);
      void requestClient.call(followToggle, { user_id: userId }).then((result) => {
        setBusy(false);
        if (!result.ok) return;
        queryClient.setQueryData(
          infoQuery.queryKey,
          (old: ExpertProfile | undefined) => old && { ...old, ...result.data },
        );
        toast.success(result.data.have_be_follow === FOLLOWED_FLAG ? tAuth('followDone') : tAuth('unfollowDone'));
      });
    });
  const badges = expert.user_logo_arr.filter((code) => KNOWN_BADGES.has(code));
  const labels = [
    industries.find((e) => e.value === expert.user_industry)?.label,
    ...expert.field_ids.map((id) => fields.find((e) => e.value === id)?.label),
  ].filter(Boolean);
  const counts: Record<ExpertTab, number> = {
    articles: expert.topic_article_count,
    posts: expert.post_count,
    answers: expert.answer_count,
  };

  return (
    <div className="portal-page mvp-page expert-page" data-testid="expert-page">
      <section className="mvp-intro expert-profile" aria-labelledby="expert-name">
        <div className="mvp-card__head">
          <Avatar user={expert} size={96} className="mvp-card__avatar" />
          <div className="mvp-card__who">
            <h1 id="expert-name" data-testid="expert-name">
              {expert.user_nick_name}
            </h1>
            {expert.user_job_title || expert.user_company ? (
              <p className="mvp-card__work" data-testid="expert-work">
                {[expert.user_job_title, expert.user_company].filter(Boolean).join(' · ')}
              </p>
            ) : null}
            {labels.length ? <p className="expert-card__fields">{labels.join(' · ')}</p> : null}
            {badges.length ? (
              <ul className="mvp-badges" aria-label={t('badgesLabel')}>
                {badges.map((code) => (
                  <li key={code} className={`mvp-badge mvp-badge--${code}`} data-badge={code}>
                    {t(`badges:${code}`)}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mvp-card__counts" data-testid="expert-fans">
              {t('followers', { count: expert.user_fans_count })}
            </p>
          </div>
          {user?.user_id === userId ? null : (
            <PortalButton
              className="expert-card__follow"
              variant={followed ? 'default' : 'primary'}
              loading={busy}
              aria-pressed={followed}
              onClick={follow}
              data-testid="expert-page-follow"
            >
              {followed ? tAuth('followed') : tAuth('follow')}
            </PortalButton>
          )}
        </div>
      </section>

      <section className="mvp-members" aria-labelledby="expert-tabs-title">
        <h2 id="expert-tabs-title" className="portal-visually-hidden">
          {t('contributions')}
        </h2>
        <nav className="mvp-members__head" aria-label={t('contributions')}>
          <ul className="mvp-filters">
            {EXPERT_TABS.map((each) => (
              <li key={each}>
                <Link
                  to={expertPath(site.prefix, userId, each, type)}
                  className={each === tab ? 'mvp-filter is-active' : 'mvp-filter'}
                  aria-current={each === tab ? 'page' : undefined}
                  preventScrollReset
                  data-testid={`expert-tab-${each}`}
                >
                  {t(`tab_${each}`, { count: counts[each] })}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="mvp-filters">
            {EXPERT_SORTS.map((each) => (
              <li key={each}>
                <Link
                  to={expertPath(site.prefix, userId, tab, each)}
                  className={each === type ? 'mvp-filter is-active' : 'mvp-filter'}
                  aria-current={each === type ? 'page' : undefined}
                  preventScrollReset
                  data-testid={`expert-sort-${each}`}
                >
                  {t(`sort_${each}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {items.length ? (
          <ul className="expert-content" data-testid="expert-content">
            {items.map((item) => (
              <li key={item.id} data-testid="expert-content-item">
                <a href={contentHref(site, tab, item.target_id)}>{item.title}</a>
                {item.excerpt ? <p>{item.excerpt}</p> : null}
                <p className="expert-content__meta">
                  <time dateTime={item.create_time}>{formatTime(item.create_time, { dateOnly: true })}</time>
                  {' · '}
                  {t('likes', { count: item.like_count })}
                  {' · '}
                  {t('comments', { count: item.comment_count })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mvp-members__empty" data-testid="expert-content-empty">
            {t(`empty_${tab}`)}
          </p>
        )}
        <MoreButton query={pages} className="mvp-members__more" testId="expert-content-more">
          {t('loadMore')}
        </MoreButton>
      </section>
    </div>
  );
}
