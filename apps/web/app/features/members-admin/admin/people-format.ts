import type { Site } from '@portal/contracts/sites';
import { useFormatTime } from '~/lib/format';

/** Times in the back office: the interface language's format, in the staff member's own zone. */
export function useAdminTime(): (iso: string, site: Site) => string {
  const format = useFormatTime();
  return (iso, site) => format(iso, { site });
}

/** `admin:` key of a site's name; null (every site / both sites) is "both sites". */
export function siteLabelKey(twsId: number | null): 'bothSites' | 'siteProtal' | 'siteProtalEn' {
  if (twsId === null) return 'bothSites';
  return twsId === 1 ? 'siteProtal' : 'siteProtalEn';
}

const DAY = 86_400_000;

/** The ban lengths offered next to a custom end date. */
export const BAN_PRESETS = [
  { key: 'preset1d', ms: DAY },
  { key: 'preset7d', ms: 7 * DAY },
  { key: 'preset30d', ms: 30 * DAY },
  { key: 'preset1y', ms: 365 * DAY },
] as const;
export type BanPreset = (typeof BAN_PRESETS)[number]['key'] | 'presetCustom';

/** When a ban chosen by preset (from now) or by a custom date ends; undefined without a date. */
export function banEnd(preset: BanPreset, custom: number | undefined, now: number): number | undefined {
  if (preset === 'presetCustom') return custom;
  return now + BAN_PRESETS.find((p) => p.key === preset)!.ms;
}
