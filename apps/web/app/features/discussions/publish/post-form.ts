import { POST_SOURCE_DEFAULT } from '@portal/contracts/constants';
import { POST_TYPE, postAdd, postBoardIssue, type PostDetail, type PostForm } from '@portal/contracts/discussions';
import type { FormAttachment } from '~/components/upload/AttachmentUpload';
import { fieldIssues, type FieldIssue } from '~/lib/forms/form-issues';

/** What the post form holds (spec 3 "Post form"); attachments are kept whole, sent as their ids. */
export interface PostFormValues {
  tp_title: string;
  tp_type: number;
  tp_board_id?: number;
  tp_hy_dd_id?: number;
  tp_cj_dd_id?: number;
  tp_source: number;
  tp_content: string;
  tp_annex: FormAttachment[];
  other_lang: number[];
}

/** The form's fields in the order they are shown: a 40001 answer's issues land on these. */
export const POST_FORM_FIELDS = [
  'tp_title',
  'tp_type',
  'tp_board_id',
  'tp_hy_dd_id',
  'tp_cj_dd_id',
  'tp_source',
  'tp_content',
  'tp_annex',
  'other_lang',
] as const satisfies ReadonlyArray<keyof PostFormValues>;

/** A new post: a discussion, source 10 (or the site's default), nothing else chosen. */
export function emptyPostForm(sourceDefault: number = POST_SOURCE_DEFAULT, boardId?: number): PostFormValues {
  return {
    tp_title: '',
    tp_type: POST_TYPE.discussion,
    tp_board_id: boardId,
    tp_source: sourceDefault,
    tp_content: '',
    tp_annex: [],
    other_lang: [],
  };
}

/**
 * The body of `post/add` from the form as it is now. A choice not made stays missing, so the
 * contract reports it with spec 5's message; the same body is what the server parses.
 */
export function postFormBody(values: Partial<PostFormValues>): PostForm {
  return {
    tp_title: values.tp_title ?? '',
    tp_type: (values.tp_type ?? POST_TYPE.discussion) as PostForm['tp_type'],
    tp_board_id: values.tp_board_id ?? null,
    tp_hy_dd_id: values.tp_hy_dd_id as number,
    tp_cj_dd_id: values.tp_cj_dd_id as number,
    tp_source: values.tp_source ?? POST_SOURCE_DEFAULT,
    tp_content: values.tp_content ?? '',
    tp_annex: (values.tp_annex ?? []).map((a) => a.att_id),
    other_lang: values.other_lang ?? [],
  };
}

/**
 * What is wrong with the form, in the form's order: the `post/add` contract's issues, then the
 * board rule the server applies too (decision 024: required when the site has boards, which
 * `boardIds` are, from `post/formConfig`'s `post_board_list`).
 */
export function postFormIssues(values: Partial<PostFormValues>, boardIds: readonly number[]): FieldIssue[] {
  const body = postFormBody(values);
  const issues = fieldIssues(postAdd.body, body);
  const board = issues.some((issue) => issue.field === 'tp_board_id')
    ? null
    : postBoardIssue(boardIds, body.tp_board_id);
  if (board) issues.push({ field: 'tp_board_id', key: board });
  const order = (field: string) => (POST_FORM_FIELDS as readonly string[]).indexOf(field);
  return issues.sort((a, b) => order(a.field) - order(b.field));
}

/** The form prefilled from `post/info` to edit one's post (language versions are made only once). */
export function postFormFromDetail(post: PostDetail): PostFormValues {
  return {
    tp_title: post.tp_title,
    tp_type: post.tp_type,
    tp_board_id: post.tp_board_id ?? undefined,
    tp_hy_dd_id: post.tp_hy_dd_id ?? undefined,
    tp_cj_dd_id: post.tp_cj_dd_id ?? undefined,
    tp_source: post.tp_source,
    tp_content: post.tp_content,
    tp_annex: post.tp_annex.map((a) => ({ ...a })),
    other_lang: [],
  };
}
