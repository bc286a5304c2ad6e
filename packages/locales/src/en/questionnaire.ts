import type { SiteCatalogue } from '../zh';

/** Questionnaires of events (issue 18, item 7; decision 029): the page and its rules; the server's messages are `questionnaireApi` in server.ts (en). */
export const questionnaire: SiteCatalogue['questionnaire'] = {
  rules: {
    answersInvalid: 'The answers are not valid',
    questionUnknown: 'The questionnaire has no such question',
    required: 'Please answer "{{title}}"',
    choiceInvalid: 'Please choose among the options of "{{title}}"',
    oneChoice: 'Choose only one option for "{{title}}"',
    textInvalid: 'The answer is not valid',
    textTooLong: 'An answer can be at most 2000 characters',
  },
  ui: {
    heading: 'Questionnaire',
    eventLink: 'Event: {{title}}',
    window: 'Open from {{from}} to {{to}}',
    required: 'Required',
    single: 'Single choice',
    multiple: 'Multiple choice',
    text: 'Text',
    textPlaceholder: 'Your answer',
    submit: 'Submit',
    thanks: 'Thank you for taking part!',
    thanksLead: 'You submitted the questionnaire on {{time}}; these are your answers.',
    noAnswer: '(not answered)',
    loginFirst: 'Please log in first',
    loginAction: 'Log in',
    notRegistered: 'You have not signed up for this event, so you cannot take part',
    notRegisteredAction: 'See the event and sign up',
    notOpen: 'The questionnaire has not started yet; please answer on {{date}}',
    ended: 'The answering period has ended',
    notSet: 'The survey is not set, has expired, or the event is not approved',
    fixErrors: 'Please check the questions marked in red',
    chars: '{{length}} / {{max}}',
    openLink: 'Answer the event questionnaire',
  },
};
