import { activityList, bannerList, indexStats, livelyUserList, postList, topicList } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import { callQuery, type CallQuery } from '~/lib/query/call-query';

/** How many items each home block shows. */
export const HOME_LIMITS = { activities: 4, topics: 6, posts: 8, livelyUsers: 8 } as const;

export const bannersQuery = (site: Site) => callQuery(bannerList, site, {});
export const statsQuery = (site: Site) => callQuery(indexStats, site, {});
export const latestActivitiesQuery = (site: Site) => callQuery(activityList, site, { limit: HOME_LIMITS.activities });
export const topicsQuery = (site: Site) => callQuery(topicList, site, { limit: HOME_LIMITS.topics });
export const latestPostsQuery = (site: Site) => callQuery(postList, site, { limit: HOME_LIMITS.posts });
export const livelyUsersQuery = (site: Site) => callQuery(livelyUserList, site, { limit: HOME_LIMITS.livelyUsers });

/** Every call of the home page, prefetched by its loaders. */
export const homeQueries = (site: Site): CallQuery[] => [
  bannersQuery(site),
  statsQuery(site),
  latestActivitiesQuery(site),
  topicsQuery(site),
  latestPostsQuery(site),
  livelyUsersQuery(site),
];
