import { useTranslation } from '~/lib/use-translation';
import { BannerCarousel } from './BannerCarousel';
import { LatestActivities } from './LatestActivities';
import { LatestPosts } from './LatestPosts';
import { LivelyUsers } from './LivelyUsers';
import { SiteStats } from './SiteStats';
import { TopicList } from './TopicList';

export function HomePage() {
  const { t } = useTranslation('common');
  return (
    <div className="portal-page home-page" data-testid="home-page">
      <h1 className="portal-visually-hidden">{t('siteName')}</h1>
      <BannerCarousel />
      <SiteStats />
      <LatestActivities />
      <div className="home-columns">
        <div className="home-columns__main">
          <LatestPosts />
        </div>
        <div className="home-columns__side">
          <TopicList />
          <LivelyUsers />
        </div>
      </div>
    </div>
  );
}
