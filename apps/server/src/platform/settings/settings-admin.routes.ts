import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminSettingsGet, adminSettingsUpdate } from '@portal/contracts/settings';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { settingsService } from './settings.service';

/** The back office's site settings (the QR code's image upload is in banners/site-image.routes.ts). */
export async function settingsAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const settings = settingsService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, adminSettingsGet, async (_body, { site }) => settings.get(site), opts);
  registerCall(
    app,
    adminSettingsUpdate,
    async (body, { site, user, request }) => settings.update(site, (await user()).id, body, request),
    opts,
  );
}
