import type { FastifyInstance } from 'fastify';
import { expertContent, expertDirectory, expertInfo, mvpList } from '@portal/contracts/experts';
import { registerCall } from '../../http/register-call';
import { expertsService } from './experts.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The MVP page's and the experts directory's calls. Takes the database so that app.ts registers the feature in one line. */
export async function expertsRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const experts = expertsService(deps.db, {
    authored: deps.contributions.authoredContent,
    follows: deps.contributions.followDirectories[0],
  });
  registerCall(app, mvpList, async (body, { site }) => experts.list(site, body.kind, body.cursor, body.limit));
  registerCall(app, expertDirectory, async (body, { site, viewer }) =>
    experts.directory(
      site,
      { industry: body.industry, field: body.field },
      (await viewer())?.id ?? null,
      body.cursor,
      body.limit,
    ),
  );
  registerCall(app, expertInfo, async (body, { site, viewer }) =>
    experts.profile(site, body.user_id, (await viewer())?.id ?? null),
  );
  registerCall(app, expertContent, async (body, { site }) => experts.content(site, body));
}
