import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { STATUS } from '@portal/contracts/envelope';
import { frontMsgList, READ_MESSAGE_KEYS, readMessage } from '@portal/contracts/messages';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { messagesService } from './messages.service';

/**
 * The member's inbox calls. `/frontmessage/edit` answers a sentence ("marked as read") as its msg,
 * since the page shows it as the success toast (spec 7): the handler names the catalogue key and a
 * hook of this plugin (encapsulated: only these routes) puts it into the envelope.
 */
export async function messagesRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const messages = messagesService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  const successMessage = new WeakMap<FastifyRequest, string>();

  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const key = successMessage.get(request);
    const envelope = payload as { status?: unknown; msg?: unknown } | null;
    if (key === undefined || envelope?.status !== STATUS.ok) return payload;
    return { ...envelope, msg: translate(request.portal.site.lang, key) };
  });

  registerCall(
    app,
    frontMsgList,
    async (body, { site, user }) => messages.list((await user()).id, site, body.cursor, body.page_size),
    opts,
  );

  registerCall(
    app,
    readMessage,
    async (body, { site, user, request }) => {
      const { id } = await user();
      if ('read_all' in body) {
        successMessage.set(request, READ_MESSAGE_KEYS.all);
        return messages.readAll(id, site);
      }
      const answer = await messages.readOne(id, site, body.tfm_id);
      successMessage.set(request, READ_MESSAGE_KEYS.one);
      return answer;
    },
    opts,
  );
}
