import type { FastifyInstance } from 'fastify';
import { commonData, currSiteData, indexStats, livelyUserList } from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { homeService } from './home.service';

/**
 * The home page's own calls. index.postList is the discussions feature's (one list for home and
 * discussions); bannerList, activityList and topicList are those of banners, events and topics.
 */
export async function homeRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const home = homeService(deps.db, deps.contributions.homeFigures, deps.clock);
  registerCall(app, indexStats, async (_body, { site }) => home.stats(site));
  registerCall(app, livelyUserList, async (body, { site }) => ({ list: await home.livelyUsers(site, body.limit) }));
  registerCall(app, commonData, async (_body, { site }) => home.commonData(site));
  registerCall(app, currSiteData, async (_body, { site }) => home.currSiteData(site));
}
