import type { FastifyInstance } from 'fastify';
import {
  EVENTS_MSG,
  SIGNUP_STATUS,
  actQuestion,
  actQuestionAdd,
  actQuestionDel,
  actQuestionLike,
  activityCalendar,
  activityCancelSignUp,
  activityCollection,
  activityCommonData,
  activityGetArea,
  activityIndex,
  activityInfo,
  activityLike,
  activitySignUp,
} from '@portal/contracts/events';
import { activityMyCollection, activityMySignups } from '@portal/contracts/events-mine';
import { activityList } from '@portal/contracts/home';
import { registerCall } from '../../http/register-call';
import type { FeatureDeps } from '../../platform/kit/feature';
import { eventsService, type EventListCache } from './events.service';

/**
 * Events (issue 18, items 1-4): the list with its filters, areas and calendar, the detail, likes and
 * favourites, sign-up with the event's own form, the waitlist and cancellation, and the questions.
 * The calls take their site from the `siteData` cookie (spec 7).
 */
export async function eventsRoutes(app: FastifyInstance, deps: FeatureDeps, listCache: EventListCache) {
  const events = eventsService(deps.db, deps.clock, deps.contributions.topicDirectories[0], listCache);
  registerCall(app, activityList, async (body, { site }) => ({ list: await events.latest(site, body.limit) }));

  registerCall(app, activityIndex, async (body, { site, request }) =>
    events.list(site, body, request.portal.timeZoneName),
  );
  registerCall(app, activityCommonData, async (_body, { site }) => events.commonData(site));
  registerCall(app, activityGetArea, async (_body, { site }) => events.areas(site));
  registerCall(app, activityCalendar, async (body, { site, request }) =>
    events.calendar(site, body, request.portal.timeZoneName),
  );
  registerCall(app, activityInfo, async (body, { site, viewer }) => events.info(site, body.ta_id, await viewer()));
  registerCall(app, activityLike, async (body, { site, user }) =>
    events.toggleLike(site, (await user()).id, body.ta_id),
  );
  registerCall(app, activityCollection, async (body, { site, user }) =>
    events.toggleFavourite(site, (await user()).id, body.ta_id),
  );
  registerCall(app, activitySignUp, async (body, { site, user, request, succeed }) => {
    const result = await events.signUp(site, (await user()).id, body, request.portal.timeZoneName);
    if (result.status === SIGNUP_STATUS.waiting) succeed(EVENTS_MSG.waitlisted, { position: result.waitlist_position });
    else succeed(EVENTS_MSG.signedUp);
    return result;
  });
  registerCall(app, activityCancelSignUp, async (body, { site, user, succeed }) => {
    const result = await events.cancelSignUp(site, (await user()).id, body.ta_id);
    succeed(EVENTS_MSG.cancelled);
    return result;
  });

  registerCall(app, activityMySignups, async (body, { site, user }) => events.mySignups(site, (await user()).id, body));
  registerCall(app, activityMyCollection, async (body, { site, user }) =>
    events.myFavourites(site, (await user()).id, body),
  );

  registerCall(app, actQuestion, async (body, { site, viewer }) => events.questions(site, body, await viewer()));
  registerCall(app, actQuestionAdd, async (body, { site, user, succeed }) => {
    const question = await events.ask(site, (await user()).id, body);
    succeed(EVENTS_MSG.asked);
    return question;
  });
  registerCall(app, actQuestionLike, async (body, { site, user }) =>
    events.toggleQuestionLike(site, (await user()).id, body.taq_id),
  );
  registerCall(app, actQuestionDel, async (body, { site, user, request, succeed }) => {
    await events.deleteQuestion(site, await user(), body.taq_id, request);
    succeed(EVENTS_MSG.deleted);
    return null;
  });
}
