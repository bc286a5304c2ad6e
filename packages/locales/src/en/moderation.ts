import type { SiteCatalogue } from '../zh';

/** The moderator zone, moderator actions and reports (namespace `moderation`, en). */
export const moderation: SiteCatalogue['moderation'] = {
  api: {
    reported: 'Report sent. The moderators will look into it soon',
    reasonRequired: 'Please give a reason',
    reasonTooLong: 'The reason can be at most 500 characters',
    noteTooLong: 'The note can be at most 500 characters',
    targetInvalid: 'Only a post or a comment can be reported',
    flagInvalid: 'Invalid filter',
    statusInvalid: 'Invalid status',
    actionInvalid: 'Invalid action',
    duplicateReport: 'You have already reported this; the moderators have not handled it yet',
    tooManyReports: 'Too many reports. Please try again in {{minutes}} minutes',
    targetNotFound: 'The reported content does not exist or has been deleted',
    postNotFound: 'The post does not exist or has been deleted',
    commentNotFound: 'The comment does not exist or has been deleted',
    reportNotFound: 'The report does not exist',
    reportClosed: 'This report has already been handled',
    notYourBoard: "You are not a moderator of this post's board",
    boardRequired: 'Please choose the board to move the post to',
    boardNotAllowed: 'A post can only be moved to a board of this site that you moderate',
    sameBoard: 'The post is already in that board',
    unchanged: 'The post is already in that state',
  },
};
