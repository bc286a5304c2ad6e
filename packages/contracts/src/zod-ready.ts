import { z } from 'zod';
import { provideZod } from './zod';

/**
 * The members of `z` the contracts build their schemas with, read one by one: the browser's bundle
 * keeps these and what they need, not all of zod (handing over `z` itself would keep it whole). A
 * unit test holds the list to every `z.<member>` the contracts call.
 */
export const CONTRACT_ZOD = {
  array: z.array,
  boolean: z.boolean,
  config: z.config,
  discriminatedUnion: z.discriminatedUnion,
  email: z.email,
  enum: z.enum,
  instanceof: z.instanceof,
  iso: { datetime: z.iso.datetime },
  literal: z.literal,
  null: z.null,
  number: z.number,
  object: z.object,
  record: z.record,
  strictObject: z.strictObject,
  string: z.string,
  union: z.union,
  unknown: z.unknown,
};

/**
 * Imported first by a browser module that builds or checks a contract's schema as it renders (a
 * form's rules): zod comes in that module's chunk, and the contracts' schemas can be built at once.
 * On the server it changes nothing.
 */
provideZod(CONTRACT_ZOD as unknown as typeof z);
