import type { SiteCatalogue } from '../zh';

/** The topic article dialog and its validation messages (spec 5) (namespace `topicForm`, en). */
export const topicForm: SiteCatalogue['topicForm'] = {
  title: 'Submit a topic article',
  editTitle: 'Edit the topic article',
  loadFailed: 'The article dialog could not be loaded, please try again later',
  loginFirst: 'Please log in first',
  titleLabel: 'Title',
  titlePlaceholder: 'Enter the title of your article',
  topicLabel: 'Topic',
  topicPlaceholder: 'Select a topic',
  sourceLabel: 'Source',
  sourceUrlLabel: 'Original URL',
  sourceUrlPlaceholder: 'https://',
  contentLabel: 'Content',
  contentPlaceholder: 'Write your article here; you can paste images or import a Word document',
  otherLangLabel: 'Also publish in',
  expertNote: 'You are a certified expert: this article is published with the expert mark.',
  submit: 'Submit',
  cancel: 'Cancel',
  close: 'Close',
  // spec 5
  titleInvalid: 'Please fill in the correct post title.',
  contentInvalid: 'Please fill in the correct article content.',
  topicRequired: 'Please select a topic.',
  sourceUrlInvalid: 'A reprint names its original URL (http or https).',
  // spec 2: the success dialog
  reviewTitle: 'Submission succeeded',
  reviewBody:
    'Your article has been submitted successfully; editors are reviewing it and it will appear in the topic once approved.',
  reviewOk: 'OK',
};
