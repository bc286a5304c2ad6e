import type { FastifyInstance } from 'fastify';
import { frontMsgList, READ_MESSAGE_KEYS, readMessage } from '@portal/contracts/messages';
import { registerCall } from '../../http/register-call';
import { messagesService } from './messages.service';
import type { FeatureDeps } from '../kit/feature';

/**
 * The member's inbox calls. `/frontmessage/edit` answers a sentence ("marked as read") as its msg,
 * since the page shows it as the success toast (spec 7).
 */
export async function messagesRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const messages = messagesService(deps.db);

  registerCall(app, frontMsgList, async (body, { site, user, request }) =>
    messages.list((await user()).id, site, body.cursor, body.page_size, request.portal.timeZoneName),
  );

  registerCall(app, readMessage, async (body, { site, user, succeed }) => {
    const { id } = await user();
    if ('read_all' in body) {
      const answer = await messages.readAll(id, site);
      succeed(READ_MESSAGE_KEYS.all);
      return answer;
    }
    const answer = await messages.readOne(id, site, body.tfm_id);
    succeed(READ_MESSAGE_KEYS.one);
    return answer;
  });
}
