import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { topicPath } from '@portal/contracts/topics';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { topicInfoQuery } from '../api/topic-queries';

/**
 * The head of a topic's activities page (decision 030): the topic's cover and title, and the way
 * back to the topic's page. The events under it are the events feature's.
 */
export function TopicEventsHeader({ topicId, heading }: { topicId: number; heading: string }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const { data: topic } = useQuery(topicInfoQuery(site, topicId));
  if (!topic) return null;
  return (
    <>
      <nav className="topics-crumbs">
        <Link to={`/${site.prefix}/subject/list`}>{t('ui.listTitle')}</Link>
        {' / '}
        <Link to={topicPath(site.prefix, topic.tt_id)} data-testid="topic-events-back">
          {topic.tt_title}
        </Link>
      </nav>
      <header className="topics-hero" data-testid="topic-events-head">
        {topic.tt_cover_url ? <img src={topic.tt_cover_url} alt="" width={96} height={96} /> : null}
        <div className="topics-hero__body">
          <h1 data-testid="topic-title">{topic.tt_title}</h1>
          <p className="topics-head__lead">{heading}</p>
        </div>
      </header>
    </>
  );
}
