import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  REVIEW_SWITCHES,
  SETTINGS_DEFAULTS,
  type SiteSettings,
  type SiteSettingsInput,
} from '@portal/contracts/settings';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import type { Executor } from '../../db/executor';
import { settingsRepository } from './settings.repository';

interface Clock {
  now(): number;
}

type UploadConfig = SiteSettings['image_config'];
type StoredRow = { key: string; value: string; updated_at: number };

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The settings of a site as the portal uses them: what is stored, each key checked for its type,
 * defaults (spec 9) where a key is missing or unusable. Review switches are stored under their own
 * keys (`post_review`), the rest under the key of the same name.
 */
export function settingsFromRows(rows: readonly StoredRow[]): SiteSettings {
  const stored = new Map(rows.map((r) => [r.key, parse(r.value)]));
  const text = (key: 'contact_email' | 'website' | 'copyright' | 'qr_code_url') => {
    const v = stored.get(key);
    return typeof v === 'string' ? v : SETTINGS_DEFAULTS[key];
  };
  const upload = (key: 'image_config' | 'file_config'): UploadConfig => {
    const v = stored.get(key) as { fileSize?: unknown; fileLimit?: unknown } | undefined;
    const d = SETTINGS_DEFAULTS[key];
    return {
      fileSize: typeof v?.fileSize === 'number' && v.fileSize > 0 ? v.fileSize : d.fileSize,
      fileLimit: typeof v?.fileLimit === 'number' && v.fileLimit > 0 ? v.fileLimit : d.fileLimit,
    };
  };
  const flag = (key: string, fallback: boolean) => {
    const v = stored.get(key);
    return typeof v === 'boolean' ? v : fallback;
  };
  const review = Object.fromEntries(
    REVIEW_SWITCHES.map((s) => [s, flag(s, SETTINGS_DEFAULTS.review[s])]),
  ) as SiteSettings['review'];
  const times = rows.map((r) => Number(r.updated_at));
  return {
    contact_email: text('contact_email'),
    website: text('website'),
    copyright: text('copyright'),
    qr_code_url: text('qr_code_url'),
    image_config: upload('image_config'),
    file_config: upload('file_config'),
    review,
    permission_switch: flag('permission_switch', SETTINGS_DEFAULTS.permission_switch),
    update_time: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}

/** The site's settings, defaults filled in (one indexed read). */
export async function readSiteSettings(executor: Executor, siteId: number): Promise<SiteSettings> {
  return settingsFromRows(await settingsRepository(executor).rows(siteId));
}

/** Stored key → value, for the keys an update touches. */
function storedValues(s: Omit<SiteSettings, 'update_time'>): Map<string, unknown> {
  const values = new Map<string, unknown>([
    ['contact_email', s.contact_email],
    ['website', s.website],
    ['copyright', s.copyright],
    ['qr_code_url', s.qr_code_url],
    ['image_config', s.image_config],
    ['file_config', s.file_config],
    ['permission_switch', s.permission_switch],
  ]);
  for (const name of REVIEW_SWITCHES) values.set(name, s.review[name]);
  return values;
}

export function settingsService(db: Kysely<DB>, clock: Clock = { now: Date.now }) {
  const repo = settingsRepository(db);

  return {
    get(site: Site): Promise<SiteSettings> {
      return readSiteSettings(db, site.tws_id);
    },

    /**
     * Applies the keys sent; writes only what changed, with one audit row holding the changed keys
     * before and after, in one transaction. Answers every setting as stored now.
     */
    async update(
      site: Site,
      actorId: number,
      input: Partial<SiteSettingsInput>,
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ): Promise<SiteSettings> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const current = settingsFromRows(await repo.rows(site.tws_id, trx));
        const next = { ...current, ...input, review: { ...current.review, ...input.review } };
        const was = storedValues(current);
        const will = storedValues(next);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [key, value] of will) {
          if (JSON.stringify(value) === JSON.stringify(was.get(key))) continue;
          await repo.put(trx, site.tws_id, key, value, now);
          before[key] = was.get(key);
          after[key] = value;
        }
        if (Object.keys(after).length > 0) {
          await recordAudit(trx, {
            actorId,
            siteId: site.tws_id,
            action: 'setting.update',
            targetKind: 'site_settings',
            targetId: site.apply_site,
            before,
            after,
            request,
            now,
          });
        }
        return settingsFromRows(await repo.rows(site.tws_id, trx));
      });
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
