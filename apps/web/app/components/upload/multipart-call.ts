import { defineCall, type CallContract } from '@portal/contracts/call';
import { lazySchema, z } from '@portal/contracts/zod';

/** What a multipart upload contract says of its call (`UploadCall` and the contracts' own uploads). */
type MultipartContract<Data extends z.ZodType> = Pick<CallContract, 'id' | 'scope' | 'path' | 'write' | 'access'> & {
  data: Data;
};

/**
 * A contract's multipart upload as a call of the request client, which sends a FormData body as
 * multipart with spec 7's headers and reads the answer with spec 8's catalogue. The body's schema
 * is built on first use, like the contracts' own, so no page loads zod at start for it (decision 048).
 */
export function multipartCall<Data extends z.ZodType>(upload: MultipartContract<Data>, tag: string, summary: string) {
  return defineCall({
    id: upload.id,
    scope: upload.scope,
    path: upload.path,
    write: upload.write,
    access: upload.access,
    tag,
    summary,
    body: lazySchema(() => z.instanceof(FormData)),
    data: upload.data,
  });
}
