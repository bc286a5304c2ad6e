import type { BackOfficeCatalogue as Catalogue } from '../back-office';

/** The back office's resident experts (namespace `expertsAdmin`, en). */
export const expertsAdmin: Catalogue['expertsAdmin'] = {
  screenTitle: 'Experts and MVPs',
  screenLead:
    'Certified resident experts: what they publish carries the expert mark. Granting or revoking needs a note, which the member receives in an in-site message; each change is audited. Expert applications are decided in the review queue.',
  member: 'Member',
  company: 'Company',
  jobTitle: 'Job title',
  since: 'Expert since',
  actions: 'Actions',
  grant: 'Grant expert',
  grantTitle: 'Grant resident expert',
  userId: 'Member ID',
  revoke: 'Revoke',
  revokeTitle: 'Revoke the resident expert status of {{nick}}',
  reason: 'Note (the member sees it)',
  confirm: 'Confirm',
  cancel: 'Cancel',
  loadMore: 'Load more',
  empty: 'No resident experts yet',
  reasonRule: 'Please write a note (1 to 500 characters)',
  userRequired: 'Please enter the member ID',
  userNotFound: 'There is no such member',
  alreadyExpert: 'This member is a resident expert already',
  notExpert: 'This member is not a resident expert',
  granted: 'Resident expert granted',
  revoked: 'Resident expert revoked',
};
