import { achievements as achievementsEn } from './en/achievements';
import { centre as centreEn } from './en/centre';
import { eventsCentre as eventsCentreEn } from './en/events-centre';
import { achievements } from './zh/achievements';
import { applicationsCentre } from './zh/applications-centre';
import { expertApply } from './zh/expert-apply';
import { expertApply as expertApplyEn } from './en/expert-apply';
import { mvpApply } from './zh/mvp-apply';
import { mvpApply as mvpApplyEn } from './en/mvp-apply';
import { applicationsCentre as applicationsCentreEn } from './en/applications-centre';
import { centre } from './zh/centre';
import { eventsCentre } from './zh/events-centre';
import type { Widen } from './zh';

/**
 * Texts of the personal centre's lazily loaded sections (decision 030). Kept out of the portal's
 * catalogue so that other pages do not download them; a section adds them when its chunk loads (as
 * the back office adds its own), the server and the tests use the whole set (`catalogues.ts`).
 */
const personalCentreZh = { eventsCentre, achievements, applicationsCentre, expertApply, centre, mvpApply } as const;

export type PersonalCentreCatalogue = Widen<typeof personalCentreZh>;

const personalCentreEn: PersonalCentreCatalogue = {
  eventsCentre: eventsCentreEn,
  achievements: achievementsEn,
  applicationsCentre: applicationsCentreEn,
  expertApply: expertApplyEn,
  centre: centreEn,
  mvpApply: mvpApplyEn,
};

export const personalCentreCatalogues: Record<'zh' | 'en', PersonalCentreCatalogue> = {
  zh: personalCentreZh,
  en: personalCentreEn,
};
