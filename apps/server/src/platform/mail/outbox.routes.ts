import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '@portal/contracts/call';
import { STATUS } from '@portal/contracts/envelope';
import { translate } from '../../lib/i18n';
import type { OutboxRepository } from './outbox.repository';

const query = z.strictObject({
  to: z.string().trim().min(1).max(254),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * GET /api/dev/outbox?to=<email or mobile>: the newest mail and SMS caught for an address, with
 * the one-time code found in each. Registered only in the outbox mode (development, tests, and
 * browser tests with MAIL_OUTBOX=true): it hands out sign-in codes, so a real deployment never has it.
 */
export async function outboxRoutes(app: FastifyInstance, deps: { outbox: OutboxRepository }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/outbox',
      { schema: { hide: true, querystring: query }, config: { access: PUBLIC } },
      async (request) => {
        const { to, limit } = request.query;
        const rows = await deps.outbox.latest(to.includes('@') ? to.toLowerCase() : to, limit);
        return {
          status: STATUS.ok,
          msg: translate(request.portal.site.lang, 'api.ok'),
          data: {
            list: rows.map((r) => ({
              channel: r.channel,
              to: r.recipient,
              subject: r.subject,
              text: r.body,
              code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
              create_time: new Date(r.created_at).toISOString(),
            })),
          },
        };
      },
    );
}
