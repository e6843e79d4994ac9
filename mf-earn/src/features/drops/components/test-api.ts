// Component-test helpers for the drops screens (never bundled: only *.spec.tsx import this file).
import { answerApiAtFetch, type RecordedCall, type StubResponse } from '@app/platform/testing';
import type { DropApplication } from '../api/drops-api';

export { createDrop } from '@app/platform/testing';
export type { RecordedCall };

type Answer = StubResponse | 'network-error';

/** Answers API calls from a table ('POST /api/drops' → answer or function of the request body); records each call. */
export function fakeDropsApi(table: Record<string, Answer | ((body: unknown) => Answer)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  answerApiAtFetch(({ key, body, headers }) => {
    calls.push({ key, body, headers });
    const entry = table[key];
    return typeof entry === 'function' ? entry(body) : entry;
  });
  return calls;
}

let sequence = 0;

export function createApplication(overrides: Partial<DropApplication> = {}): DropApplication {
  sequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    drop_id: 'drop-1',
    drop_title: 'Drop',
    drop_kind: 'paid',
    advertiser_brand_name: 'Acme Brand',
    user_id: 'user-1',
    applicant_name: 'Ada Lovelace',
    status: 'pending',
    application_message: 'Pick me',
    submission_type: null,
    submission_data: null,
    submission_url: null,
    submission_notes: null,
    key_cost: 0,
    points_cost: 0,
    gems_earned: 0,
    keys_earned: 0,
    review_score: null,
    is_demo: false,
    applied_at: '2026-11-21T10:00:00.000Z',
    approved_at: null,
    rejected_at: null,
    submitted_at: null,
    completed_at: null,
    paid_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export const masterKey = (activated: boolean) => ({
  is_activated: activated,
  proof_drops_completed: activated ? 5 : 1,
  proof_drops_required: 5,
  last_activated_at: null,
});
