import { uploadAvatar } from '@portal/contracts/accounts';
import { multipartCall } from '~/components/upload/multipart-call';

/** The contract's multipart avatar upload as a call of the request client. */
export const uploadAvatarCall = multipartCall(uploadAvatar, 'accounts', 'Uploads the avatar (multipart)');

/** The multipart body of an upload: the image in the contract's field. */
export function avatarBody(file: File): FormData {
  const body = new FormData();
  body.append(uploadAvatar.field, file);
  return body;
}
