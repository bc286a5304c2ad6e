import type { FastifyInstance } from 'fastify';
import { searchIndex, searchSuggest } from '@portal/contracts/search';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../kit/feature';
import { searchService } from './search.service';

/** Search (issue 23): the results of a key, and suggestions as the member types. */
export async function searchRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const search = searchService(deps.db, deps.clock, deps.searchReaders);
  registerCall(app, searchIndex, async (body, { site, viewer }) => search.search(site, body, await viewer()));
  registerCall(app, searchSuggest, async (body, { site, viewer }) =>
    search.suggest(site, body.search_key, await viewer()),
  );
}
