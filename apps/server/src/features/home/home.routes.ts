import type { FastifyInstance } from 'fastify';
import {
  aboutPage,
  activityList,
  bannerList,
  commonData,
  currSiteData,
  indexStats,
  livelyUserList,
  topicList,
} from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { homeService } from './home.service';

export async function homeRoutes(
  app: FastifyInstance,
  deps: { home: ReturnType<typeof homeService>; writesPerMinute: number },
) {
  const { home } = deps;
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, bannerList, async (_body, { site }) => ({ list: await home.banners(site) }), opts);
  registerCall(app, indexStats, async (_body, { site }) => home.stats(site), opts);
  registerCall(app, activityList, async (body, { site }) => ({ list: await home.activities(site, body.limit) }), opts);
  registerCall(app, topicList, async (body, { site }) => ({ topic_list: await home.topics(site, body.limit) }), opts);
  // index.postList is the discussions feature's (discussions.routes.ts): one list for home and discussions.
  registerCall(
    app,
    livelyUserList,
    async (body, { site }) => ({ list: await home.livelyUsers(site, body.limit) }),
    opts,
  );
  registerCall(app, commonData, async (_body, { site }) => home.commonData(site), opts);
  registerCall(app, currSiteData, async (_body, { site }) => home.currSiteData(site), opts);
  registerCall(app, aboutPage, async (_body, { site }) => home.about(site), opts);
}
