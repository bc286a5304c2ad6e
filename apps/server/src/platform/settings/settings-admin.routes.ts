import type { FastifyInstance } from 'fastify';
import { adminSettingsGet, adminSettingsUpdate } from '@portal/contracts/settings';
import { registerCall } from '../../http/register-call';
import { settingsService } from './settings.service';
import type { FeatureDeps } from '../kit/feature';

/** The back office's site settings (the QR code's image upload is in banners/site-image.routes.ts). */
export async function settingsAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const settings = settingsService(deps.db);
  registerCall(app, adminSettingsGet, async (_body, { site }) => settings.get(site));
  registerCall(app, adminSettingsUpdate, async (body, { site, user, request }) =>
    settings.update(site, (await user()).id, body, request),
  );
}
