// Component-test helper (never bundled: only *.spec.tsx import this file). Answers API calls at the fetch boundary.
import { answerApiAtFetch, type ApiCall, type StubResponse } from '@app/platform/testing';

export type RecordedCall = ApiCall;

/**
 * Answers calls from a table ('POST /api/withdrawal/request' → answer, or a function of the call); records each call.
 */
export function fakeWalletApi(
  table: Record<string, StubResponse | ((call: RecordedCall) => StubResponse)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  answerApiAtFetch((call) => {
    calls.push(call);
    const entry = table[call.key];
    return typeof entry === 'function' ? entry(call) : entry;
  });
  return calls;
}

/** The server's default withdrawal methods, as `GET /api/withdrawal/methods` answers them. */
export { DEFAULT_WITHDRAWAL_METHODS as withdrawalMethods } from '@app/contracts/withdrawals';
