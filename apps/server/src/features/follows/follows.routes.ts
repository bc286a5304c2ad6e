import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { followToggle } from '@portal/contracts/accounts';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { followsService } from './follows.service';

export async function followsRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const follows = followsService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, followToggle, async (body, { user }) => follows.toggle((await user()).id, body.user_id), opts);
}
