import type { Catalogue } from '../zh';

/** Back office: members, bans and staff broadcasts (en). */
export const membersAdmin: Catalogue['membersAdmin'] = {
  userRule: 'Choose a member',
  keywordRule: 'The keyword must be at most 100 characters',
  roleRule: 'Choose a role',
  bannedRule: 'The banned filter must be true or false',
  reasonRule: 'The reason for the ban must be 1 to 500 characters',
  untilRule: 'The ban must end in the future, at most 100 years from now',
  userNotFound: 'No such member',
  cannotBanSelf: 'You cannot ban yourself',
  adminsOnly: 'Only administrators may ban or lift the ban of an administrator',
  notBanned: 'This member is not banned',
  broadcastOtherSite: 'A broadcast goes to the managed site or to both sites',
  broadcastBothSites: 'A broadcast to both sites needs the broadcast permission on both sites',
};
