import type { RemoteName } from './remote-ownership';

/** A remote that could not be loaded (down, too slow, or missing from the remotes manifest). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(reason);
    this.name = 'RemoteUnavailableError';
  }
}

export function isRemoteUnavailable(error: unknown): error is RemoteUnavailableError {
  return error instanceof RemoteUnavailableError;
}
