import { raffle as raffleEn } from './en/raffle';
import { raffle } from './zh/raffle';
import type { Widen } from './zh';

/**
 * Texts of the raffle page (decision 037). Kept out of the portal's catalogue so that other pages
 * do not download them; the page adds them (as the personal centre's sections add theirs), the
 * server and the tests use the whole set (`catalogues.ts`).
 */
const raffleZh = { raffle } as const;

export type RaffleCatalogue = Widen<typeof raffleZh>;

export const raffleCatalogues: Record<'zh' | 'en', RaffleCatalogue> = { zh: raffleZh, en: { raffle: raffleEn } };
