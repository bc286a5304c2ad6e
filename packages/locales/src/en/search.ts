import type { SiteCatalogue } from '../zh';

/** Search: the box, the results page and the search calls' messages (namespace `search`, en). */
export const search: SiteCatalogue['search'] = {
  rules: {
    keyRequired: 'Please enter a search keyword',
    keyTooShort: 'Please enter at least 2 characters',
    keyTooLong: 'The search keyword cannot exceed 20 characters',
    kindInvalid: 'Invalid search scope',
    timeInvalid: 'Invalid time range',
  },
  kinds: {
    all: 'All',
    post: 'Discussions',
    article: 'Topic articles',
    topic: 'Topics',
    event: 'Events',
    journal_issue: 'E-magazine issues',
    journal_article: 'E-magazine articles',
    member: 'Members',
  },
};
