import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { topicsQuery } from '../api/home-queries';
import { EmptyBlock, HomeBlock } from './HomeBlock';

export function TopicList() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(topicsQuery(site));
  const topics = data?.topic_list ?? [];
  return (
    <HomeBlock id="home-topics" title={t('topics')} viewAllTo={`/${site.prefix}/subject/list`}>
      {topics.length ? (
        <ul className="topic-grid">
          {topics.map((topic) => (
            <li key={topic.tt_id} className="topic-card" data-testid="home-topic">
              <img
                src={topic.tt_cover_url}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="topic-card__cover"
              />
              <div>
                <h3 className="topic-card__title">
                  <Link to={`/${site.prefix}/subject/info/${topic.tt_id}`}>{topic.tt_title}</Link>
                </h3>
                <p className="topic-card__desc">{topic.tt_desc}</p>
                <p className="topic-card__meta">{t('articles', { count: topic.tt_article_count })}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyBlock />
      )}
    </HomeBlock>
  );
}
