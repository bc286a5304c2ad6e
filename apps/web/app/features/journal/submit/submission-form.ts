import { ebookAdd, type JournalSubmissionForm } from '@portal/contracts/journal-submissions';
import type { FormAttachment } from '~/components/upload/AttachmentUpload';
import { fieldIssues, type FieldIssue } from '~/lib/forms/form-issues';

/** What the submission form holds (spec 3 "E-magazine submission"); attachments kept whole, sent as ids. */
export interface SubmissionFormValues {
  user_name: string;
  user_nick_name: string;
  user_contact_mobile: string;
  user_contact_email: string;
  teba_title: string;
  teba_hy_dd_id?: number;
  teba_cj_dd_id?: number;
  teba_content: string;
  teba_annex: FormAttachment[];
}

/** The form's fields in the order they are shown: the first invalid one is scrolled into view. */
export const SUBMISSION_FORM_FIELDS = [
  'user_name',
  'user_nick_name',
  'user_contact_mobile',
  'user_contact_email',
  'teba_title',
  'teba_hy_dd_id',
  'teba_cj_dd_id',
  'teba_content',
  'teba_annex',
] as const satisfies ReadonlyArray<keyof SubmissionFormValues>;

/** A new submission, its contact fields from the member's profile. */
export function emptySubmissionForm(profile?: {
  user_name: string;
  user_nick_name: string;
  user_contact_mobile: string;
  user_contact_email: string;
}): SubmissionFormValues {
  return {
    user_name: profile?.user_name ?? '',
    user_nick_name: profile?.user_nick_name ?? '',
    user_contact_mobile: profile?.user_contact_mobile ?? '',
    user_contact_email: profile?.user_contact_email ?? '',
    teba_title: '',
    teba_content: '',
    teba_annex: [],
  };
}

/** The body of `/api/ebook/add` from the form as it is now; a choice not made stays missing. */
export function submissionFormBody(values: Partial<SubmissionFormValues>): JournalSubmissionForm {
  return {
    user_name: values.user_name ?? '',
    user_nick_name: values.user_nick_name ?? '',
    user_contact_mobile: values.user_contact_mobile ?? '',
    user_contact_email: values.user_contact_email ?? '',
    teba_title: values.teba_title ?? '',
    teba_hy_dd_id: values.teba_hy_dd_id as number,
    teba_cj_dd_id: values.teba_cj_dd_id as number,
    teba_content: values.teba_content ?? '',
    teba_annex: (values.teba_annex ?? []).map((a) => a.att_id),
  };
}

/** What is wrong with the form, in the form's order: `/api/ebook/add`'s own contract, as the server checks it. */
export function submissionFormIssues(values: Partial<SubmissionFormValues>): FieldIssue[] {
  const issues = fieldIssues(ebookAdd.body, submissionFormBody(values));
  const order = (field: string) => (SUBMISSION_FORM_FIELDS as readonly string[]).indexOf(field);
  return issues.sort((a, b) => order(a.field) - order(b.field));
}
