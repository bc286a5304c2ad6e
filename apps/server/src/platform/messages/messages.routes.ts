import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { frontMsgList, READ_MESSAGE_KEYS, readMessage } from '@portal/contracts/messages';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { messagesService } from './messages.service';

/**
 * The member's inbox calls. `/frontmessage/edit` answers a sentence ("marked as read") as its msg,
 * since the page shows it as the success toast (spec 7).
 */
export async function messagesRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const messages = messagesService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(
    app,
    frontMsgList,
    async (body, { site, user }) => messages.list((await user()).id, site, body.cursor, body.page_size),
    opts,
  );

  registerCall(
    app,
    readMessage,
    async (body, { site, user, succeed }) => {
      const { id } = await user();
      if ('read_all' in body) {
        const answer = await messages.readAll(id, site);
        succeed(READ_MESSAGE_KEYS.all);
        return answer;
      }
      const answer = await messages.readOne(id, site, body.tfm_id);
      succeed(READ_MESSAGE_KEYS.one);
      return answer;
    },
    opts,
  );
}
