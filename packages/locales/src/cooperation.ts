import { cooperation as cooperationEn } from './en/cooperation';
import { cooperationAdmin as cooperationAdminEn, cooperationApi as cooperationApiEn } from './en/cooperation-admin';
import { cooperationForm as cooperationFormEn } from './en/cooperation-form';
import { cooperation } from './zh/cooperation';
import { cooperationAdmin, cooperationApi } from './zh/cooperation-admin';
import { cooperationForm } from './zh/cooperation-form';
import type { Widen } from './zh';

/**
 * Texts of the cooperation pages and application (decision 045), kept out of the portal's
 * catalogue so that other pages do not download them: the cooperation pages add them (as the raffle
 * page adds its own). The back office's screen and the server's messages are a second set, which
 * the portal never loads. The server and the tests use both (`catalogues.ts`).
 */
const cooperationZh = { cooperation, cooperationForm } as const;
const cooperationBackOfficeZh = { cooperationAdmin, cooperationApi } as const;

export type CooperationCatalogue = Widen<typeof cooperationZh>;
export type CooperationBackOfficeCatalogue = Widen<typeof cooperationBackOfficeZh>;

export const cooperationCatalogues: Record<'zh' | 'en', CooperationCatalogue> = {
  zh: cooperationZh,
  en: { cooperation: cooperationEn, cooperationForm: cooperationFormEn },
};

export const cooperationBackOfficeCatalogues: Record<'zh' | 'en', CooperationBackOfficeCatalogue> = {
  zh: cooperationBackOfficeZh,
  en: { cooperationAdmin: cooperationAdminEn, cooperationApi: cooperationApiEn },
};
