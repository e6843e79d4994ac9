import { Currency, DemoPersona, LEDGER_EVENT_SCHEMAS, LedgerEventType, ReasonCode } from '@app/contracts/ledger';
import type { Posting } from '@app/contracts/ledger';

export type { Posting };

export interface ConversionDetails {
  fromCurrency: Currency;
  toCurrency: Currency;
  keys: bigint;
  utcDay: string;
}

export interface TransactionPosted {
  transactionId: string;
  reasonCode: ReasonCode;
  description: string;
  postings: Posting[];
  occurredAt: string;
  copyIndex: number;
  copyCount: number;
  reversesTransactionId?: string;
  holdId?: string;
  conversion?: ConversionDetails;
  references?: Record<string, string>;
}

export type LedgerEvent =
  | { type: 'LedgerAccountOpened'; data: { userId: string; openedAt: string; sandbox?: boolean } }
  | { type: 'LedgerTransactionPosted'; data: TransactionPosted }
  | {
      type: 'LedgerHoldPlaced';
      data: {
        holdId: string;
        userId: string;
        currency: Currency;
        amountMinor: bigint;
        expiresAt: string;
        reasonCode: ReasonCode;
        description: string;
        placedAt: string;
      };
    }
  | {
      type: 'LedgerHoldCaptured';
      data: {
        holdId: string;
        userId: string;
        currency: Currency;
        capturedMinor: bigint;
        releasedMinor: bigint;
        transactionId: string;
        capturedAt: string;
      };
    }
  | {
      type: 'LedgerHoldReleased';
      data: {
        holdId: string;
        userId: string;
        currency: Currency;
        amountMinor: bigint;
        reason: 'released' | 'expired';
        releasedAt: string;
      };
    }
  | {
      type: 'LedgerDemoPersonaFunded';
      data: { userId: string; persona: DemoPersona; utcDay: string; transactionId: string | null };
    }
  | { type: 'LedgerSandboxArchived'; data: { userId: string; archivedAt: string; reason: 'inactive' } };

/** JSON payload of an event: bigints become strings, since jsonb cannot hold them exactly. */
export function toPayload(event: LedgerEvent): Record<string, unknown> {
  return jsonValueOf(event.data) as Record<string, unknown>;
}

/**
 * What `JSON.parse(JSON.stringify(value))` would give with bigints as strings (undefined properties dropped), in one
 * walk: every command writes its events through here, and the text round trip was most of its cost.
 */
function jsonValueOf(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : jsonValueOf(item)));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) copy[key] = jsonValueOf(item);
  }
  return copy;
}

/**
 * Parsed payloads by the stored payload object. One shared read hands the same stored events to every projection of a
 * process (see SharedEventReads), and half a dozen of them read each ledger event: the payload is parsed once. Readers
 * treat a parsed event as immutable, which is what makes sharing it safe.
 */
const parsedPayloads = new WeakMap<object, LedgerEvent>();

/** Parses a stored payload back into a domain event; throws on a malformed payload (a broken invariant). */
export function fromPayload(type: string, data: unknown): LedgerEvent {
  const memoizable = data !== null && typeof data === 'object';
  const known = memoizable ? parsedPayloads.get(data) : undefined;
  if (known !== undefined && known.type === type) return known;
  const event = parsePayload(type, data);
  if (memoizable) parsedPayloads.set(data, event);
  return event;
}

function parsePayload(type: string, data: unknown): LedgerEvent {
  if (!(type in LEDGER_EVENT_SCHEMAS)) throw new Error(`Not a ledger event type: ${type}`);
  const parsed = LEDGER_EVENT_SCHEMAS[type as LedgerEventType].parse(data);
  switch (type as LedgerEventType) {
    case 'LedgerAccountOpened':
      return { type: 'LedgerAccountOpened', data: parsed as { userId: string; openedAt: string; sandbox?: boolean } };
    case 'LedgerTransactionPosted': {
      const payload = parsed as import('@app/contracts/ledger').LedgerTransactionPostedPayload;
      return {
        type: 'LedgerTransactionPosted',
        data: {
          ...payload,
          postings: payload.postings.map((posting) => ({ ...posting, amountMinor: BigInt(posting.amountMinor) })),
          conversion: payload.conversion ? { ...payload.conversion, keys: BigInt(payload.conversion.keys) } : undefined,
        },
      };
    }
    case 'LedgerHoldPlaced': {
      const payload = parsed as { amountMinor: string } & Omit<
        Extract<LedgerEvent, { type: 'LedgerHoldPlaced' }>['data'],
        'amountMinor'
      >;
      return { type: 'LedgerHoldPlaced', data: { ...payload, amountMinor: BigInt(payload.amountMinor) } };
    }
    case 'LedgerHoldCaptured': {
      const payload = parsed as Omit<
        Extract<LedgerEvent, { type: 'LedgerHoldCaptured' }>['data'],
        'capturedMinor' | 'releasedMinor'
      > & {
        capturedMinor: string;
        releasedMinor: string;
      };
      return {
        type: 'LedgerHoldCaptured',
        data: {
          ...payload,
          capturedMinor: BigInt(payload.capturedMinor),
          releasedMinor: BigInt(payload.releasedMinor),
        },
      };
    }
    case 'LedgerHoldReleased': {
      const payload = parsed as Omit<Extract<LedgerEvent, { type: 'LedgerHoldReleased' }>['data'], 'amountMinor'> & {
        amountMinor: string;
      };
      return { type: 'LedgerHoldReleased', data: { ...payload, amountMinor: BigInt(payload.amountMinor) } };
    }
    case 'LedgerDemoPersonaFunded':
      return {
        type: 'LedgerDemoPersonaFunded',
        data: parsed as Extract<LedgerEvent, { type: 'LedgerDemoPersonaFunded' }>['data'],
      };
    case 'LedgerSandboxArchived':
      return {
        type: 'LedgerSandboxArchived',
        data: parsed as Extract<LedgerEvent, { type: 'LedgerSandboxArchived' }>['data'],
      };
  }
}

export function utcDayOf(isoTimestamp: string): string {
  return isoTimestamp.slice(0, 10);
}
