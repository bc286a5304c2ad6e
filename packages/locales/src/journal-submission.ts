import { journalForm as journalFormEn } from './en/journal-form';
import { journalForm } from './zh/journal-form';
import type { Widen } from './zh';

/**
 * Texts of the e-magazine submission dialog and the member's submissions (issue 20), kept out of the
 * portal's catalogue so that pages do not download them: the dialog's chunk and the personal
 * centre's list add them when they load (as the personal centre's sections do); the server and the
 * tests use the whole set (`catalogues.ts`), which also words the validation messages of the 40001.
 */
const journalSubmissionZh = { journalForm } as const;

export type JournalSubmissionCatalogue = Widen<typeof journalSubmissionZh>;

const journalSubmissionEn: JournalSubmissionCatalogue = { journalForm: journalFormEn };

export const journalSubmissionCatalogues: Record<'zh' | 'en', JournalSubmissionCatalogue> = {
  zh: journalSubmissionZh,
  en: journalSubmissionEn,
};
