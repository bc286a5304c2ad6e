import type { PersonalCentreCatalogue } from '../personal-centre';

/** The personal centre's applications (namespace `applicationsCentre`, en; issue 21 item 7). */
export const applicationsCentre: PersonalCentreCatalogue['applicationsCentre'] = {
  title: 'My applications',
  empty: 'You have not submitted any application yet.',
  applyExpert: 'Apply to be a resident expert',
  applyMvp: 'Apply to be an MVP',
  applyCooperation: 'Apply to become a partner',
  submitted: 'Submitted',
  reason: 'Reason for rejection: {{reason}}',
  edit: 'Edit',
  resubmit: 'Edit and resubmit',
  view: 'View',
  status: {
    0: 'Draft',
    10: 'Under review',
    20: 'Approved',
    30: 'Rejected',
    40: 'Withdrawn',
  },
};
