import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { formatCount } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { statsQuery } from '../api/home-queries';
import { HomeBlock } from './HomeBlock';

export function SiteStats() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(statsQuery(site));
  const items = data
    ? [
        { key: 'members', label: t('statMembers'), value: data.member_count },
        { key: 'experts', label: t('statExperts'), value: data.expert_count },
        { key: 'activities', label: t('statActivities'), value: data.activity_count },
        { key: 'articles', label: t('statArticles'), value: data.topic_article_count },
        { key: 'posts', label: t('statPosts'), value: data.post_count },
      ]
    : [];
  return (
    <HomeBlock id="home-stats" title={t('stats')}>
      <dl className="home-stats">
        {items.map((item) => (
          <div key={item.key} className="home-stats__item" data-testid={`home-stat-${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{formatCount(item.value, site)}</dd>
          </div>
        ))}
      </dl>
    </HomeBlock>
  );
}
