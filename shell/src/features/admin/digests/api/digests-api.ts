// The console's digest calls: recorded (signed) digests and recording one now, validated with the contracts' schemas.
import { apiClient } from '@app/platform';
import {
  listLedgerDigestsRoute,
  recordLedgerDigestRoute,
  type RecordedDigests,
  type SignedLedgerDigest,
} from '@app/contracts/ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveTextFile } from '../../api/admin-api';

export type RecordedDigest = RecordedDigests['digests'][number];
export type { RecordedDigests, SignedLedgerDigest };

export const digestKeys = {
  recorded: () => ['admin', 'ledger', 'digests'] as const,
};

/** `listLedgerDigestsRoute`: the newest recorded digests and the public key that verifies them. */
export function useRecordedDigests() {
  return useQuery({
    queryKey: digestKeys.recorded(),
    queryFn: ({ signal }) => apiClient().call(listLedgerDigestsRoute, { query: { limit: 50 }, signal }),
  });
}

/** `recordLedgerDigestRoute`: records a signed digest now (the job records one every hour by default). */
export function useRecordDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient().call(recordLedgerDigestRoute),
    onSettled: () => queryClient.invalidateQueries({ queryKey: digestKeys.recorded() }),
  });
}

/** The file an auditor keeps: the signed digest exactly as recorded (what `npm run ledger -- check-proof` reads). */
export function downloadDigest(digest: RecordedDigest): void {
  const { recorded_at: _recordedAt, ...signed } = digest;
  saveTextFile({
    fileName: `ledger-digest-${digest.position}.json`,
    text: `${JSON.stringify(signed, null, 2)}\n`,
    type: 'application/json',
  });
}

export function downloadPublicKey(digests: RecordedDigests): void {
  saveTextFile({
    fileName: `ledger-digest-key-${digests.key_id}.pem`,
    text: digests.public_key,
    type: 'application/x-pem-file',
  });
}
