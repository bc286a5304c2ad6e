import { z } from 'zod';
import { uploadAvatar } from '@portal/contracts/accounts';
import { defineCall } from '@portal/contracts/call';

/**
 * The contract's multipart avatar upload as a call of the request client, which sends a FormData
 * body as multipart with spec 7's headers and reads the answer with spec 8's catalogue.
 */
export const uploadAvatarCall = defineCall({
  id: uploadAvatar.id,
  scope: uploadAvatar.scope,
  path: uploadAvatar.path,
  write: uploadAvatar.write,
  access: uploadAvatar.access,
  tag: 'accounts',
  summary: 'Uploads the avatar (multipart)',
  body: z.instanceof(FormData),
  data: uploadAvatar.data,
});

/** The multipart body of an upload: the image in the contract's field. */
export function avatarBody(file: File): FormData {
  const body = new FormData();
  body.append(uploadAvatar.field, file);
  return body;
}
