import type { PersonalCentreCatalogue } from '../personal-centre';

/** The personal centre's event sections (en; issue 18 item 10, decision 030). */
export const eventsCentre: PersonalCentreCatalogue['eventsCentre'] = {
  ui: {
    mySignupsTitle: 'My event sign-ups',
    mySignupsUpcoming: 'Upcoming',
    mySignupsWaitlisted: 'Waitlisted',
    mySignupsPast: 'Past',
    mySignupsEmptyUpcoming: 'No upcoming events. Find one on the events page.',
    mySignupsEmptyWaitlisted: 'You are not on any waitlist',
    mySignupsEmptyPast: 'No past events yet',
    attended: 'Attended',
    notAttended: 'Not checked in',
    myFavouritesTitle: 'My favourite events',
    myFavouritesEmpty: 'No favourite events yet',
    unfavourite: 'Remove from favourites',
    confirmUnfavourite: 'Remove this event from your favourites?',
  },
};
