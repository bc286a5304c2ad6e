import type { SiteCatalogue } from '../zh';

/** Review statuses and decisions as members see them (namespace `reviews`, en). */
export const reviews: SiteCatalogue['reviews'] = {
  status: {
    10: 'Pending review',
    20: 'Approved',
    30: 'Rejected',
    40: 'Withdrawn',
  },
  api: {
    kindInvalid: 'Unknown kind of review item',
    statusInvalid: 'Unknown review status',
    daysInvalid: 'Days must be a whole number from 0 to 3650',
    idsRequired: 'Please select the items to review',
    tooMany: 'At most 50 items can be reviewed at once',
    decisionInvalid: 'Please choose approve or reject',
    reasonRequired: 'Please give a reason for the rejection',
    reasonRule: 'The reason may be at most 500 characters',
    notFound: 'No such review item',
    approved: 'Approved',
    rejected: 'Rejected',
    alreadyDecided: '{{nick}} already decided this item at {{time}} ({{status}}); it was not decided again',
    alreadyWithdrawn: 'The author withdrew this item at {{time}}',
    forbidden: 'You may not review this item',
    itemGone: 'This item has been deleted and cannot be reviewed',
    decidedCount: '{{count}} decided',
  },
};
