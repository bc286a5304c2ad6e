import type { EnvelopeStatus } from '@portal/contracts/envelope';

/** A call whose answer was not a success; queries throw it so TanStack Query marks them failed. */
export class CallFailedError extends Error {
  override readonly name = 'CallFailedError';

  constructor(
    readonly callId: string,
    message: string,
    readonly status?: EnvelopeStatus,
  ) {
    super(message);
  }
}
