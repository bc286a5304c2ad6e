import { en } from './en';
import { zh, type SiteCatalogue } from './zh';

export type { SiteCatalogue };

/** The portal pages' texts in both languages (without the back office's, see `back-office.ts`). */
export const siteCatalogues: Record<'zh' | 'en', SiteCatalogue> = { zh, en };
