import { lazySchema, z } from './zod';
import { PAGE_SIZE } from './constants';

/** Keyset pagination: an opaque cursor from the previous page, never an offset. */
export const pageQuerySchema = lazySchema(() =>
  z.strictObject({
    cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
    limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
  }),
);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), next_cursor: z.string().nullable() });
}
