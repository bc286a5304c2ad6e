import { Link } from 'react-router';
import { PortalButton } from '~/components/PortalButton';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { useTopicEvents } from '../api/event-queries';
import { EventCard } from './EventCard';

/**
 * The events attached to a topic (decision 030), as the events list shows them: the same cards,
 * newest start first, "load more" by keyset, an empty state.
 */
export function TopicEventList({ topicId }: { topicId: number }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useTopicEvents(site, topicId);
  const events = data?.pages.flatMap((p) => p.list) ?? [];
  return (
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
      {hasNextPage ? (
        <div className="event-more">
          <PortalButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage} data-testid="event-load-more">
            {t('ui.loadMore')}
          </PortalButton>
        </div>
      ) : null}
    </section>
  );
}
