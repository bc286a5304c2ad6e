import { lazySchema, z } from './zod';

/** Envelope status codes of spec 8. The HTTP status follows HTTP; these travel in the body. */
export const STATUS = {
  ok: 200,
  refused: 201,
  needInfo: 203,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  serverError: 500,
  openUrl: 4001,
  routeUrl: 4002,
  validation: 40001,
  silent: '400C1',
} as const;

export type EnvelopeStatus = number | string;

export interface Envelope<T = unknown> {
  status: EnvelopeStatus;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.union([z.number(), z.string()]), msg: z.string(), data });
}

/** The data of a 40001 answer: the first field that failed and every issue found. */
export const validationDataSchema = lazySchema(() =>
  z.object({
    field: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
);
export type ValidationData = z.infer<typeof validationDataSchema>;
