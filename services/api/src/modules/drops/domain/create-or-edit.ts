import type { DropDetails, DropKind } from '@app/contracts/drops';
import { userAccount, type MoneyMovement } from '@app/contracts/ledger';
import { DropCommand, DropDecision, accept, dropEscrow, dropMoney, refuse } from './decision';
import {
  AdvertiserState,
  DropState,
  DropTerms,
  TIER_DROP_LIMITS,
  dropsPostedWithin,
  inFlightApplications,
  isDemoDrop,
  termsToPayload,
} from './drop';

/** Only paid drops hold gems; proof and move drops carry no key cost, gem reward or pool (spec 2 create modal). */
export function normaliseTerms(kind: DropKind, terms: DropTerms): DropTerms {
  return {
    keyCostMinor: kind === 'paid' ? terms.keyCostMinor : 0n,
    gemRewardBaseMinor: kind === 'paid' ? terms.gemRewardBaseMinor : 0n,
    moveCostPointsMinor: kind === 'move' ? terms.moveCostPointsMinor : 0n,
    keyRewardAmountMinor: kind === 'move' ? terms.keyRewardAmountMinor : 0n,
  };
}

export function decideCreate(
  data: Extract<DropCommand, { type: 'CreateDrop' }>['data'],
  advertiser: AdvertiserState,
): DropDecision {
  if (data.creator.userType !== 'advertiser') return refuse({ code: 'CREATOR_MUST_BE_ADVERTISER' });
  const limits = TIER_DROP_LIMITS[data.creator.tier];
  if (!limits.kinds.includes(data.kind)) return refuse({ code: 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY' });
  const limit = limits.perKind[data.kind];
  if (limit !== undefined && dropsPostedWithin(advertiser, data.kind, limits.window, data.now) >= limit) {
    return refuse({ code: 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED', limit, window: limits.window, kind: data.kind });
  }
  const terms = normaliseTerms(data.kind, data.terms);
  const pool = data.kind === 'paid' ? data.gemPoolTotalMinor : 0n;
  const isDemo = isDemoDrop(data.details);
  // A move drop pays its key rewards out of keys its creator escrows now, never from issuance (demo drops move
  // nothing).
  let keyPool = 0n;
  if (data.kind === 'move' && !isDemo) {
    const seats = data.details.maxParticipants;
    if ((data.keyPoolTotalMinor ?? null) === null && seats === null)
      return refuse({ code: 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS' });
    keyPool = data.keyPoolTotalMinor ?? terms.keyRewardAmountMinor * BigInt(seats!);
    if (keyPool < terms.keyRewardAmountMinor) return refuse({ code: 'KEY_POOL_MUST_COVER_ONE_REWARD' });
  }
  const escrowed = {
    dropId: data.dropId,
    transactionId: data.transactionId,
    reasonCode: 'DROP_POOL_ESCROW' as const,
    now: data.now,
  };
  const intoEscrow = { debitAccount: userAccount(data.creator.userId), creditAccount: dropEscrow(data.dropId) };
  let money: MoneyMovement | null = null;
  if (pool > 0n && !isDemo) {
    money = dropMoney({ ...escrowed, description: `Gem pool for drop ${data.details.title}` }, [
      { ...intoEscrow, currency: 'gems', amountMinor: pool },
    ]);
  } else if (keyPool > 0n) {
    money = dropMoney({ ...escrowed, description: `Key pool for move drop ${data.details.title}` }, [
      { ...intoEscrow, currency: 'keys', amountMinor: keyPool },
    ]);
  }
  return accept(
    [
      {
        type: 'DropCreated',
        data: {
          dropId: data.dropId,
          creatorId: data.creator.userId,
          creatorName: data.creator.name,
          creatorAvatar: data.creator.avatar,
          kind: data.kind,
          details: data.details,
          terms: termsToPayload(terms),
          gemPoolTotalMinor: pool.toString(),
          ...(data.kind === 'move' ? { keyPoolTotalMinor: keyPool.toString() } : {}),
          isDemo,
          poolTransactionId: money ? data.transactionId : null,
          createdAt: data.now,
        },
      },
    ],
    money,
    [
      {
        type: 'AdvertiserDropPosted',
        data: { advertiserId: data.creator.userId, dropId: data.dropId, kind: data.kind, postedAt: data.now },
      },
    ],
  );
}

export function decideUpdate(
  data: Extract<DropCommand, { type: 'UpdateDrop' }>['data'],
  drop: DropState,
): DropDecision {
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  if (data.requestedKind !== null && data.requestedKind !== drop.kind) return refuse({ code: 'KIND_MUST_NOT_CHANGE' });
  const details: DropDetails = { ...drop.details, ...data.details };
  const terms = normaliseTerms(drop.kind, { ...drop.terms, ...data.terms });
  const total =
    drop.kind === 'paid' && data.gemPoolTotalMinor !== null ? data.gemPoolTotalMinor : drop.gemPoolTotalMinor;
  const change = total - drop.gemPoolTotalMinor;
  if (drop.gemPoolRemainingMinor + change < 0n) return refuse({ code: 'POOL_MUST_COVER_WHAT_WAS_PAID' });
  // Demo-ness is fixed at creation: its escrow (or the lack of one) must not change under an edited title.
  const moves = change !== 0n && !drop.isDemo && !drop.closed;
  if (change !== 0n && drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
  const keyPool = keyPoolAfterEdit(data, drop, details, terms);
  if (keyPool.kind === 'refused') return keyPool.refusal;
  const keyChange = keyPool.totalMinor - drop.keyPoolTotalMinor;
  if (keyChange !== 0n && drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
  const escrowed = {
    dropId: drop.dropId,
    transactionId: data.transactionId,
    reasonCode: 'DROP_POOL_ESCROW' as const,
    now: data.now,
  };
  // A larger pool moves the difference from the creator into the escrow, a smaller one back.
  const poolChange = (amountMinor: bigint) =>
    amountMinor > 0n
      ? { debitAccount: userAccount(drop.creatorId), creditAccount: dropEscrow(drop.dropId), amountMinor }
      : {
          debitAccount: dropEscrow(drop.dropId),
          creditAccount: userAccount(drop.creatorId),
          amountMinor: -amountMinor,
        };
  let money: MoneyMovement | null = null;
  if (moves) {
    money = dropMoney({ ...escrowed, description: `Gem pool change for drop ${details.title}` }, [
      { ...poolChange(change), currency: 'gems' },
    ]);
  } else if (keyChange !== 0n) {
    money = dropMoney({ ...escrowed, description: `Key pool change for move drop ${details.title}` }, [
      { ...poolChange(keyChange), currency: 'keys' },
    ]);
  }
  return accept(
    [
      {
        type: 'DropUpdated',
        data: {
          dropId: drop.dropId,
          details,
          terms: termsToPayload(terms),
          gemPoolTotalMinor: total.toString(),
          poolChangeMinor: change.toString(),
          ...(drop.kind === 'move'
            ? { keyPoolTotalMinor: keyPool.totalMinor.toString(), keyPoolChangeMinor: keyChange.toString() }
            : {}),
          isDemo: drop.isDemo,
          poolTransactionId: money ? data.transactionId : null,
          updatedAt: data.now,
        },
      },
    ],
    money,
  );
}

/**
 * A move drop's key pool after an edit: the pool named, else the reward times the seats when the edit changes either
 * (unlimited seats keep the pool), else unchanged. What is left after the edit must still cover the reward of every
 * application in flight. Demo and legacy-free drops of other kinds hold no keys.
 */
function keyPoolAfterEdit(
  data: Extract<DropCommand, { type: 'UpdateDrop' }>['data'],
  drop: DropState,
  details: DropDetails,
  terms: DropTerms,
): { kind: 'kept'; totalMinor: bigint } | { kind: 'refused'; refusal: DropDecision } {
  if (drop.kind !== 'move' || drop.isDemo) return { kind: 'kept', totalMinor: drop.keyPoolTotalMinor };
  const rewardChanged = terms.keyRewardAmountMinor !== drop.terms.keyRewardAmountMinor;
  const seatsChanged = details.maxParticipants !== drop.details.maxParticipants;
  // A closed drop has returned its pool: editing its terms recomputes nothing (naming a pool is refused as closed).
  const seats = details.maxParticipants;
  let totalMinor = drop.keyPoolTotalMinor;
  if ((data.keyPoolTotalMinor ?? null) !== null) totalMinor = data.keyPoolTotalMinor!;
  else if ((rewardChanged || seatsChanged) && seats !== null && !drop.closed)
    totalMinor = terms.keyRewardAmountMinor * BigInt(seats);
  if (totalMinor === drop.keyPoolTotalMinor) return { kind: 'kept', totalMinor };
  const promisedMinor = terms.keyRewardAmountMinor * BigInt(inFlightApplications(drop).length);
  if (drop.keyPoolRemainingMinor + (totalMinor - drop.keyPoolTotalMinor) < promisedMinor) {
    return { kind: 'refused', refusal: refuse({ code: 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED' }) };
  }
  return { kind: 'kept', totalMinor };
}
