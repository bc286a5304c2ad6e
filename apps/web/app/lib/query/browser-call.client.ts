import type { CallBody, CallContract, CallData } from '@portal/contracts/call';
import { requestClient } from '~/lib/request/client';
import { CallFailedError } from './call-error';

/**
 * Runs a call through the browser's request client (spec 7 headers, spec 8 status handling and
 * toasts, unless `silent`) and throws on failure, as a query function must. Browser-only: `.client` keeps it out of
 * the server bundle.
 */
export async function callFromBrowser<C extends CallContract>(
  contract: C,
  siteCode: string,
  body: CallBody<C>,
  options: { silent?: boolean } = {},
): Promise<CallData<C>> {
  const result = await requestClient.call(contract, body, { siteCode, silent: options.silent });
  if (result.ok) return result.data;
  throw new CallFailedError(contract.id, result.error.message, result.error.status);
}
