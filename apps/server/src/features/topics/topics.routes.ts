import type { FastifyInstance } from 'fastify';
import { topicList } from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { topicsRepository } from './topics.repository';

export async function topicsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const topics = topicsRepository(deps.db);
  registerCall(app, topicList, async (body, { site }) => ({
    topic_list: (await topics.list(site.tws_id, body.limit)).map((t) => ({
      tt_id: t.id,
      tt_title: t.title,
      tt_desc: t.description,
      tt_cover_url: t.cover_url,
      tt_article_count: t.article_count,
    })),
  }));
}
