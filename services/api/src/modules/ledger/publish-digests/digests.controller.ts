import { Controller, Query as QueryParams } from '@nestjs/common';
import {
  ConsistencyProofQuerySchema,
  InclusionProofQuerySchema,
  RecordedDigestsQuerySchema,
  getLedgerDigestRoute,
  ledgerConsistencyProofRoute,
  ledgerInclusionProofRoute,
  listLedgerDigestsRoute,
  recordLedgerDigestRoute,
  type ConsistencyProof,
  type InclusionProof,
  type LedgerDigest,
  type RecordedDigests,
  type SignedLedgerDigest,
} from '@app/contracts/ledger';
import { notFound, unprocessable } from '../../../platform/http/api-error';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { parseInput } from '../../../platform/http/zod-validation';
import { DigestRequestRefused, LedgerDigests } from './ledger-digests';

async function mapRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof DigestRequestRefused)) throw error;
    throw error.code === 'EVENT_NOT_IN_TREE'
      ? notFound(error.code, error.message)
      : unprocessable(error.code, error.message);
  }
}

/** Auditor digests and proofs over HTTP (the same as `npm run ledger -- digest`), administrators only. */
@AdminOnly()
@Controller()
export class LedgerDigestsController {
  constructor(private readonly digests: LedgerDigests) {}

  @Route(getLedgerDigestRoute)
  digest(): Promise<LedgerDigest> {
    return this.digests.current();
  }

  @Route(listLedgerDigestsRoute)
  recorded(@QueryParams() rawQuery: unknown): Promise<RecordedDigests> {
    return this.digests.recorded(parseInput(RecordedDigestsQuerySchema, rawQuery).limit);
  }

  @Route(recordLedgerDigestRoute)
  async record(): Promise<SignedLedgerDigest> {
    return (await this.digests.record()).digest;
  }

  @Route(ledgerConsistencyProofRoute)
  consistency(@QueryParams() rawQuery: unknown): Promise<ConsistencyProof> {
    const query = parseInput(ConsistencyProofQuerySchema, rawQuery);
    return mapRefusal(this.digests.consistency(query.from, query.to));
  }

  @Route(ledgerInclusionProofRoute)
  inclusion(@QueryParams() rawQuery: unknown): Promise<InclusionProof> {
    const query = parseInput(InclusionProofQuerySchema, rawQuery);
    return mapRefusal(this.digests.inclusion(query.event_id, query.position));
  }
}
