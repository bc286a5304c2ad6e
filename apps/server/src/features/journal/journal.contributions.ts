import type { DictionaryUse } from '../../platform/kit/feature';
import { journalSubmissionsRepository } from './journal-submissions.repository';

/**
 * Submissions name an industry (teba_hy_dd_id) and a field (teba_cj_dd_id) by the entry's id: an
 * entry a submission names cannot be deleted (editors and the author would lose what it was filed
 * under), and a rename follows by itself since the label is read through the id.
 */
export const submissionDictionaryUses: DictionaryUse[] = [
  {
    kind: 'industry',
    usage: 'submissions',
    count: (executor, entry) => journalSubmissionsRepository(executor).countFiledUnder('industry_id', entry.id),
  },
  {
    kind: 'scene',
    usage: 'submissions',
    count: (executor, entry) => journalSubmissionsRepository(executor).countFiledUnder('scene_id', entry.id),
  },
];
