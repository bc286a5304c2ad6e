import { adminEn } from './en/admin';
import { eventsAdmin as eventsAdminEn } from './en/events-admin';
import { journalAdmin as journalAdminEn } from './en/journal-admin';
import { expertsAdmin as expertsAdminEn } from './en/experts-admin';
import { mvpAdmin as mvpAdminEn } from './en/mvp-admin';
import { questionnaireAdmin as questionnaireAdminEn } from './en/questionnaire-admin';
import { feedbackAdmin as feedbackAdminEn } from './en/feedback-admin';
import { membersAdmin as membersAdminEn } from './en/members-admin';
import { pointsAdmin as pointsAdminEn } from './en/points-admin';
import { raffleAdmin as raffleAdminEn } from './en/raffle-admin';
import { reviewsAdmin as reviewsAdminEn } from './en/reviews-admin';
import { roles as rolesEn } from './en/roles';
import { siteAdmin as siteAdminEn } from './en/site-admin';
import { adminZh } from './zh/admin';
import { eventsAdmin } from './zh/events-admin';
import { journalAdmin } from './zh/journal-admin';
import { expertsAdmin } from './zh/experts-admin';
import { mvpAdmin } from './zh/mvp-admin';
import { feedbackAdmin } from './zh/feedback-admin';
import { questionnaireAdmin } from './zh/questionnaire-admin';
import { membersAdmin } from './zh/members-admin';
import { pointsAdmin } from './zh/points-admin';
import { raffleAdmin } from './zh/raffle-admin';
import { reviewsAdmin } from './zh/reviews-admin';
import { roles } from './zh/roles';
import { siteAdmin } from './zh/site-admin';
import type { Widen } from './zh';

/**
 * The back office's texts, one namespace per screen domain. Kept out of the portal's catalogue so
 * that portal pages do not download them; the back office adds them when it loads, the server and
 * the tests use the whole set (`catalogues.ts`).
 */
const backOfficeZh = {
  admin: adminZh,
  membersAdmin,
  roles,
  siteAdmin,
  feedbackAdmin,
  reviewsAdmin,
  eventsAdmin,
  questionnaireAdmin,
  pointsAdmin,
  journalAdmin,
  raffleAdmin,
  expertsAdmin,
  mvpAdmin,
} as const;

export type BackOfficeCatalogue = Widen<typeof backOfficeZh>;

const backOfficeEn: BackOfficeCatalogue = {
  admin: adminEn,
  membersAdmin: membersAdminEn,
  roles: rolesEn,
  siteAdmin: siteAdminEn,
  feedbackAdmin: feedbackAdminEn,
  reviewsAdmin: reviewsAdminEn,
  eventsAdmin: eventsAdminEn,
  questionnaireAdmin: questionnaireAdminEn,
  pointsAdmin: pointsAdminEn,
  journalAdmin: journalAdminEn,
  raffleAdmin: raffleAdminEn,
  expertsAdmin: expertsAdminEn,
  mvpAdmin: mvpAdminEn,
};

export const backOfficeCatalogues: Record<'zh' | 'en', BackOfficeCatalogue> = { zh: backOfficeZh, en: backOfficeEn };
