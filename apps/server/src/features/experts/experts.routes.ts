import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mvpList } from '@portal/contracts/experts';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { expertsService } from './experts.service';

/** The MVP page's calls. Takes the database so that app.ts registers the feature in one line. */
export async function expertsRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const experts = expertsService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, mvpList, async (body, { site }) => experts.list(site, body.kind, body.cursor, body.limit), opts);
}
