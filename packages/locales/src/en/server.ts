import type { ServerCatalogue } from '../server';

/** Texts only the server sends (en); keys checked against the Chinese ones. */
export const serverEn: ServerCatalogue = {
  errors: {
    validation: 'Field {{field}} is invalid: {{reason}}',
    unknownField: 'field not allowed',
    badRequest: 'Bad request',
    badJson: 'The request body is not valid JSON',
    bodyTooLarge: 'The request body is too large',
    unsupportedMediaType: 'The request must be JSON',
    notFound: 'No such interface',
    pageNotFound: 'Page not found',
    siteNotFound: 'No such site',
    unauthorized: 'Please log in first',
    forbidden: 'No permission',
    needIsapi: 'Missing request header isapi: 1',
    rateLimited: 'Too many requests, please try again in {{seconds}} seconds',
    serverError: 'Internal server error, please try again later',
    shuttingDown: 'The service is restarting, please try again shortly',
    overloaded: 'The site is very busy right now, please try again in a few seconds',
  },
  mail: {
    codeSubject: 'Your Storage Community code',
    registerCode:
      'Your code to register at Storage Community is {{code}}. It is valid for {{minutes}} minutes and works once.\n\nIf you did not ask for it, please ignore this message.',
    loginCode:
      'Your code to sign in to Storage Community is {{code}}. It is valid for {{minutes}} minutes and works once.\n\nIf you did not ask for it, please ignore this message and keep an eye on your account.',
    resetCode:
      'Your code to reset your Storage Community password is {{code}}. It is valid for {{minutes}} minutes and works once.\n\nIf you did not ask for it, please ignore this message: your password stays as it is.',
    noAccountSubject: 'Storage Community: no account uses this address',
    noAccountText:
      'Someone asked Storage Community for a code for this address, but no account uses it, so no code was sent.\n\nIf it was you, please register first. If not, please ignore this message.',
    smsCode: '[Storage Community] Your code is {{code}}, valid for {{minutes}} minutes. Do not share it.',
    smsNoAccount: '[Storage Community] No account uses this number. Please register first.',
  },
  raffleApi: {
    campaignNotFound: 'No such raffle',
    notRunning: 'The raffle has not started or has ended',
    noChance: 'You have no draws left today; you can buy more with points',
    notForSale: 'This raffle does not sell extra draws',
    notEnoughPoints: 'Not enough points: {{cost}} needed',
  },
  pointsApi: {
    alreadySignedIn: 'You have signed in today already; come back tomorrow',
    ruleNotFound: 'Unknown points rule',
  },
  expertApplyApi: {
    saved: 'Draft saved',
    submitted: 'Application submitted; it is waiting for review',
    withdrawn: 'Application withdrawn; you can edit it and submit it again',
    pending: 'Your application is under review: only one application can wait for review at a time',
    alreadyExpert: 'You are a resident expert already',
    notPending: 'Only an application under review can be withdrawn',
    photoInvalid: 'This photo cannot be used: please upload a JPG/JPEG/PNG photo again',
    queueTitle: 'Resident expert application: {{name}}',
    review: {
      photo: "Applicant's photo",
      noPhoto: '(no photo uploaded)',
      realName: 'Real name',
      company: 'Company',
      jobTitle: 'Job title',
      industry: 'Industry',
      fields: 'Fields of expertise',
      biography: 'Biography',
      biographyLength: 'Biography length (characters)',
      contributions_one: 'Personal contributions ({{count}})',
      contributions_other: 'Personal contributions ({{count}})',
      recommendations_one: 'Related recommendations ({{count}})',
      recommendations_other: 'Related recommendations ({{count}})',
    },
  },
  questionnaireApi: {
    answered: 'Submitted. Thank you for taking part!',
    notSet: 'The survey is not set, has expired, or the event is not approved',
    notRegistered: 'You have not signed up for this event, so you cannot take part',
    notOpen: 'The questionnaire has not started yet; please answer on {{date}}',
    ended: 'The answering period has ended',
    alreadyAnswered: 'You have already answered this questionnaire',
  },
};
