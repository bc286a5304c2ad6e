import { ARTICLE_SOURCE } from '@portal/contracts/constants';
import { isArticleSourceUrl, topicArticleAdd, type TopicArticleForm } from '@portal/contracts/topics';
import { fieldIssues, type FieldIssue } from '~/lib/forms/form-issues';

/** What the topic article form holds (spec 3 "Topic article submission"). */
export interface ArticleFormValues {
  ttar_title: string;
  tt_id?: number;
  ttar_source: number;
  ttar_source_url: string;
  ttar_content: string;
  other_lang: number[];
}

/** The form's fields in the order they are shown: the first invalid one is scrolled into view. */
export const ARTICLE_FORM_FIELDS = [
  'ttar_title',
  'tt_id',
  'ttar_source',
  'ttar_source_url',
  'ttar_content',
  'other_lang',
] as const satisfies ReadonlyArray<keyof ArticleFormValues>;

/** A new article: original (10), in the topic asked for, nothing else filled in. */
export function emptyArticleForm(topicId?: number, sourceDefault: number = ARTICLE_SOURCE.original): ArticleFormValues {
  return {
    ttar_title: '',
    tt_id: topicId,
    ttar_source: sourceDefault,
    ttar_source_url: '',
    ttar_content: '',
    other_lang: [],
  };
}

/** The body of `/api/topic/articleAdd` from the form as it is now; a topic not chosen stays missing. */
export function articleFormBody(values: Partial<ArticleFormValues>): TopicArticleForm {
  return {
    ttar_title: values.ttar_title ?? '',
    tt_id: values.tt_id as number,
    ttar_source: values.ttar_source ?? ARTICLE_SOURCE.original,
    ttar_source_url: values.ttar_source_url ?? '',
    ttar_content: values.ttar_content ?? '',
    other_lang: values.other_lang ?? [],
  };
}

/**
 * What is wrong with the form, in the form's order: the contract's issues, and the reprint rule
 * (a reprint names its original) at the same time, which the contract checks only once the rest
 * of the form is right.
 */
export function articleFormIssues(values: Partial<ArticleFormValues>): FieldIssue[] {
  const body = articleFormBody(values);
  const issues = fieldIssues(topicArticleAdd.body, body);
  const reprintMissing =
    body.ttar_source === ARTICLE_SOURCE.reprint && !isArticleSourceUrl((body.ttar_source_url ?? '').trim());
  if (reprintMissing && !issues.some((i) => i.field === 'ttar_source_url')) {
    issues.push({ field: 'ttar_source_url', key: 'topicForm.sourceUrlInvalid' });
  }
  const order = (field: string) => (ARTICLE_FORM_FIELDS as readonly string[]).indexOf(field);
  return issues.sort((a, b) => order(a.field) - order(b.field));
}
