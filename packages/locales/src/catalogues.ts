import { backOfficeCatalogues, type BackOfficeCatalogue } from './back-office';
import {
  cooperationBackOfficeCatalogues,
  cooperationCatalogues,
  type CooperationBackOfficeCatalogue,
  type CooperationCatalogue,
} from './cooperation';
import { journalSubmissionCatalogues, type JournalSubmissionCatalogue } from './journal-submission';
import { personalCentreCatalogues, type PersonalCentreCatalogue } from './personal-centre';
import { raffleCatalogues, type RaffleCatalogue } from './raffle';
import { serverCatalogues, type ServerCatalogue } from './server';
import { siteCatalogues, type SiteCatalogue } from './site';

/** Every text of the product: the portal's, the back office's and those only the server sends. */
export type Catalogue = SiteCatalogue &
  BackOfficeCatalogue &
  PersonalCentreCatalogue &
  RaffleCatalogue &
  JournalSubmissionCatalogue &
  ServerCatalogue &
  CooperationCatalogue &
  CooperationBackOfficeCatalogue;

/**
 * The whole catalogue, for the server (every API message) and the tests. Browser code of the portal
 * imports `site.ts` instead, so that its pages do not carry the back office's texts.
 */
export const catalogues: Record<'zh' | 'en', Catalogue> = {
  zh: {
    ...siteCatalogues.zh,
    ...backOfficeCatalogues.zh,
    ...personalCentreCatalogues.zh,
    ...raffleCatalogues.zh,
    ...journalSubmissionCatalogues.zh,
    ...serverCatalogues.zh,
    ...cooperationCatalogues.zh,
    ...cooperationBackOfficeCatalogues.zh,
  },
  en: {
    ...siteCatalogues.en,
    ...backOfficeCatalogues.en,
    ...personalCentreCatalogues.en,
    ...raffleCatalogues.en,
    ...journalSubmissionCatalogues.en,
    ...serverCatalogues.en,
    ...cooperationCatalogues.en,
    ...cooperationBackOfficeCatalogues.en,
  },
};
