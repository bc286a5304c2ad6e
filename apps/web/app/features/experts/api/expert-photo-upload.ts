import { multipartCall } from '~/components/upload/multipart-call';
import { EXPERT_APPLICATION_RULE, uploadExpertPhoto } from '@portal/contracts/expert-applications';

/** The contract's multipart photo upload as a call of the request client. */
export const uploadExpertPhotoCall = multipartCall(
  uploadExpertPhoto,
  'experts',
  "Uploads the expert application's photo (multipart)",
);

export function photoBody(file: File): FormData {
  const body = new FormData();
  body.append(uploadExpertPhoto.field, file);
  return body;
}

/** What the input offers; the server judges the bytes. */
export const PHOTO_ACCEPT = EXPERT_APPLICATION_RULE.photoTypes.map((t) => `.${t}`).join(',');

/** Said before sending: a photo over 3 MB or of another type is refused by the server anyway. */
export function photoFileProblem(file: File): { key: string; vars: Record<string, unknown> } | null {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!(EXPERT_APPLICATION_RULE.photoTypes as readonly string[]).includes(ext)) {
    return { key: 'upload.api.format', vars: { types: EXPERT_APPLICATION_RULE.photoTypes.join(', ') } };
  }
  if (file.size > EXPERT_APPLICATION_RULE.photoMaxBytes) {
    return { key: 'upload.api.tooLarge', vars: { n: EXPERT_APPLICATION_RULE.photoMaxMb } };
  }
  return null;
}
