import type { SiteCatalogue } from '../zh';

/** The publish-post dialog and its validation messages (spec 5) (namespace `postForm`, en). */
export const postForm: SiteCatalogue['postForm'] = {
  title: 'Publish a post',
  editTitle: 'Edit post',
  open: 'Post',
  loadFailed: 'The post dialog could not be loaded, please try again later',
  loginFirst: 'Please log in first',
  loadPostFailed: 'The post could not be loaded, please try again later',
  titleLabel: 'Title',
  titlePlaceholder: 'Enter the title of your post',
  typeLabel: 'Type',
  typeDiscussion: 'Discussion',
  typeQuestion: 'Question',
  boardLabel: 'Board',
  boardPlaceholder: 'Select a board',
  industryLabel: 'Industry',
  industryPlaceholder: 'Select an industry',
  sceneLabel: 'Scene',
  scenePlaceholder: 'Select a scene',
  sourceLabel: 'Source',
  contentLabel: 'Content',
  contentPlaceholder: 'Write your post here; you can paste images or import a Word document',
  annexLabel: 'Attachments',
  annexHint: 'Accepted formats: {{types}}',
  otherLangLabel: 'Also publish in',
  expertNote: 'You are a certified expert: this post is published with the expert mark.',
  submit: 'Publish',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  // spec 5
  titleInvalid: 'please fill in a correct article title',
  industryRequired: 'please select industry',
  sceneRequired: 'please select scene',
  // decision 024: a site with boards files every post under one
  boardRequired: 'please select board',
  contentInvalid: 'please fill in correct post details',
  // spec 2: the success dialog after a submission that goes through review
  reviewTitle: 'Submission succeeded',
  reviewBody: 'Your post has been submitted successfully; editors are reviewing it and it will appear once approved.',
  reviewOk: 'OK',
};
