import { Link } from 'react-router';
import { topicPath } from '@portal/contracts/topic-paths';
import { MoreButton } from '~/components/MoreButton';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { useTopicEvents } from '../api/event-queries';
import { EventCard } from './EventCard';

/**
 * `/{lang}/subject/activeList/{id}` (decision 030): the topic's head (cover, title, the way back to
 * its page), as the events call names it, and its events as the events list shows them: the same
 * cards, newest start first, "load more" by keyset, an empty state. The page loads no topics module.
 */
export function TopicEventsPage({ topicId }: { topicId: number }) {
  const { t } = useTranslation('events');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  const pages = useTopicEvents(site, topicId);
  const { data } = pages;
  const topic = data?.pages[0]?.topic;
  if (!topic) return null;
  const events = data.pages.flatMap((p) => p.list);
  return (
    <div className="portal-page topics-page" data-testid="topic-events-page">
      <nav className="topics-crumbs">
        <Link to={`/${site.prefix}/subject/list`}>{tPages('titles:subject')}</Link>
        {' / '}
        <Link to={topicPath(site.prefix, topic.tt_id)} data-testid="topic-events-back">
          {topic.tt_title}
        </Link>
      </nav>
      <header className="topics-hero" data-testid="topic-events-head">
        {topic.tt_cover_url ? <img src={topic.tt_cover_url} alt="" width={96} height={96} /> : null}
        <div className="topics-hero__body">
          <h1 data-testid="topic-title">{topic.tt_title}</h1>
          <p className="topics-head__lead">{t('ui.topicEventsHeading')}</p>
        </div>
      </header>
      <section className="event-main" aria-label={t('ui.topicEventsHeading')} data-testid="topic-events">
        {events.length ? (
          <ul className="event-list" data-testid="event-list">
            {events.map((event) => (
              <EventCard key={event.ta_id} event={event} />
            ))}
          </ul>
        ) : (
          <p className="event-empty" data-testid="event-empty">
            {t('ui.topicEventsEmpty')} · <Link to={`/${site.prefix}/activity/index`}>{t('ui.backToList')}</Link>
          </p>
        )}
        <MoreButton query={pages} className="event-more" testId="event-load-more">
          {t('ui.loadMore')}
        </MoreButton>
      </section>
    </div>
  );
}
