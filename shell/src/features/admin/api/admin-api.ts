// The ops console's calls: each one an existing admin endpoint of the API, validated with its contract's schema.
// The console decides nothing itself: what may be verified, rebuilt or retried is the server's answer.
import { apiClient } from '@app/platform';
import {
  exportLedgerRoute,
  getVerifyRunRoute,
  ledgerIssuanceRoute,
  startVerifyRunRoute,
  streamEventsRoute,
  type IssuanceReport,
  type StreamEvents,
  type VerifyFinding,
  type VerifyReport,
  type VerifyRun,
} from '@app/contracts/ledger';
import {
  listFailedJobsRoute,
  listProjectionsRoute,
  rebuildProjectionRoute,
  retryFailedJobRoute,
  type FailedJob,
  type ProjectionSummary,
} from '@app/contracts/platform';
import {
  listInfluenceVerificationsRoute,
  listInstagramVerificationsRoute,
  verifyInfluenceRoute,
  verifyInstagramRoute,
  type InfluenceVerification,
  type InstagramVerification,
} from '@app/contracts/rewards';
import { adminDecideClaimRoute, adminListClaimsRoute, type ShieldClaim } from '@app/contracts/growth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { ShieldClaim };
export type {
  FailedJob,
  InfluenceVerification,
  InstagramVerification,
  IssuanceReport,
  ProjectionSummary,
  StreamEvents,
  VerifyFinding,
  VerifyReport,
  VerifyRun,
};

/** Query keys of the console; only the shell's admin screens read them. */
export const adminKeys = {
  all: ['admin'] as const,
  projections: () => ['admin', 'projections'] as const,
  failedJobs: () => ['admin', 'jobs', 'failed'] as const,
  issuance: (range: { from: string; to: string }) => ['admin', 'ledger', 'issuance', range] as const,
  instagram: () => ['admin', 'verifications', 'instagram'] as const,
  influence: () => ['admin', 'verifications', 'influence'] as const,
  shieldClaims: () => ['admin', 'shield', 'claims', 'pending'] as const,
  verifyRun: (id: string) => ['admin', 'ledger', 'verify-runs', id] as const,
  stream: (streamId: string, fromVersion: number) => ['admin', 'ledger', 'streams', streamId, fromVersion] as const,
};

/** How often a running verification is polled for its progress. */
export const VERIFY_POLL_MS = 500;

/** `startVerifyRunRoute`: starts a verification in the background (a 409 while one runs). */
export function useStartVerifyRun() {
  return useMutation({ mutationFn: () => apiClient().call(startVerifyRunRoute) });
}

/** A run's live progress, polled while it runs, then its report. */
export function useVerifyRun(id: string | null) {
  return useQuery({
    queryKey: adminKeys.verifyRun(id ?? ''),
    queryFn: ({ signal }) => apiClient().call(getVerifyRunRoute, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : VERIFY_POLL_MS),
  });
}

/** A page of one stream's events (the stream a finding names). */
export function useStreamEvents(streamId: string, fromVersion: number) {
  return useQuery({
    queryKey: adminKeys.stream(streamId, fromVersion),
    queryFn: ({ signal }) =>
      apiClient().call(streamEventsRoute, { params: { streamId }, query: { from_version: fromVersion }, signal }),
  });
}

/** How often the projections view refreshes: every second while a rebuild runs, else every 5 s. */
export const REBUILD_POLL_MS = 1_000;
const IDLE_POLL_MS = 5_000;

export function useProjections() {
  return useQuery({
    queryKey: adminKeys.projections(),
    queryFn: ({ signal }) => apiClient().call(listProjectionsRoute, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.lastRebuild?.status === 'running') ? REBUILD_POLL_MS : IDLE_POLL_MS,
  });
}

export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiClient().call(rebuildProjectionRoute, { params: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.projections() }),
  });
}

export function useFailedJobs() {
  return useQuery({
    queryKey: adminKeys.failedJobs(),
    queryFn: ({ signal }) => apiClient().call(listFailedJobsRoute, { signal }),
    refetchInterval: IDLE_POLL_MS,
  });
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient().call(retryFailedJobRoute, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedJobs() }),
  });
}

export function useIssuanceReport(range: { from: string; to: string }) {
  return useQuery({
    queryKey: adminKeys.issuance(range),
    queryFn: ({ signal }) =>
      apiClient().call(ledgerIssuanceRoute, { query: { from: range.from, to: range.to }, signal }),
  });
}

export function usePendingInstagram() {
  return useQuery({
    queryKey: adminKeys.instagram(),
    queryFn: ({ signal }) =>
      apiClient().call(listInstagramVerificationsRoute, { query: { status: 'pending' }, signal }),
  });
}

export function usePendingInfluence() {
  return useQuery({
    queryKey: adminKeys.influence(),
    queryFn: ({ signal }) =>
      apiClient().call(listInfluenceVerificationsRoute, { query: { status: 'pending' }, signal }),
  });
}

export function useVerifyInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: InstagramVerification) =>
      apiClient().call(verifyInstagramRoute, {
        params: { userId: entry.user_id },
        body: { instagram_username: entry.instagram_username },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.instagram() }),
  });
}

export function useVerifyInfluence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, verifiedFollowerCount }: { entry: InfluenceVerification; verifiedFollowerCount: string }) =>
      apiClient().call(verifyInfluenceRoute, {
        params: { userId: entry.user_id },
        body: { verified_follower_count: verifiedFollowerCount, platform_username: entry.platform_username },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.influence() }),
  });
}

/** Social Shield claims waiting for a decision (`adminListClaimsRoute`, status pending). */
export function usePendingShieldClaims() {
  return useQuery({
    queryKey: adminKeys.shieldClaims(),
    queryFn: ({ signal }) => apiClient().call(adminListClaimsRoute, { query: { status: 'pending' }, signal }),
  });
}

/**
 * Approves (the pool pays coverage minus deductible) or rejects a claim. One Idempotency-Key per decision, so a
 * retried click pays once; the server decides whether the claim is still open.
 */
export function useDecideShieldClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      claim,
      decision,
      reason,
      idempotencyKey,
    }: {
      claim: ShieldClaim;
      decision: 'approve' | 'reject';
      reason: string;
      idempotencyKey: string;
    }) =>
      apiClient().call(adminDecideClaimRoute, {
        params: { id: claim.id },
        body: { decision, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.shieldClaims() }),
  });
}

export interface ExportFilters {
  format: 'ndjson' | 'csv';
  userId?: string;
  /** ISO 8601 instants; the server checks them. */
  from?: string;
  to?: string;
}

/** `exportLedgerRoute` as text, exactly as the server wrote it, with the file name it should be saved as. */
export async function fetchLedgerExport(
  filters: ExportFilters,
): Promise<{ fileName: string; text: string; type: string }> {
  const text = await apiClient().callForText(exportLedgerRoute, {
    headers: { Accept: filters.format === 'csv' ? 'text/csv' : 'application/x-ndjson' },
    query: { format: filters.format, user_id: filters.userId, from: filters.from, to: filters.to },
  });
  const suffix = filters.userId ? `-${filters.userId.replace(/[^A-Za-z0-9_-]/g, '_')}` : '';
  return {
    fileName: `ledger${suffix}.${filters.format}`,
    text,
    type: filters.format === 'csv' ? 'text/csv' : 'application/x-ndjson',
  };
}

/** Hands a text to the browser as a file download. */
export function saveTextFile(file: { fileName: string; text: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
