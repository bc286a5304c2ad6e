import type { SiteCatalogue } from '../zh';

/** Review statuses and decisions as members see them (namespace `reviews`, en). */
export const reviews: SiteCatalogue['reviews'] = {
  status: {
    10: 'Pending review',
    20: 'Approved',
    30: 'Rejected',
    40: 'Withdrawn',
  },
  mine: {
    title: 'My posts',
    empty: 'You have not published any posts yet',
    loadFailed: 'Your posts could not be loaded. Please try again later.',
    retry: 'Retry',
    more: 'Load more',
    withdraw: 'Withdraw',
    withdrawConfirm: 'Withdrawing stops the review; you may edit the post and submit it again. Withdraw it?',
    cancel: 'Cancel',
    hidden: 'Hidden by a moderator',
    reason: 'Reason: {{reason}}',
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
    decidedCount_one: '{{count}} decided',
    decidedCount_other: '{{count}} decided',
  },
};
