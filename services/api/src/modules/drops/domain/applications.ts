import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement } from '@app/contracts/ledger';
import { DropCommand, DropDecision, accept, dropEscrow, dropMoney, refuse } from './decision';
import { ApplicationState, DropState, inFlightApplications } from './drop';

/** Whether a drop takes applications at `now`: created, not deleted or closed, deadline not passed. */
export function isDropActive(drop: DropState, now: string): boolean {
  if (!drop.exists || drop.deleted || drop.closed) return false;
  return drop.details.deadlineAt === null || Date.parse(now) <= Date.parse(drop.details.deadlineAt);
}

type ApplyData = Extract<DropCommand, { type: 'ApplyToDrop' }>['data'];

/** What applying costs the applicant, burnt; nothing for a free application or a demo drop. */
function applicationMoney(
  drop: DropState,
  data: ApplyData,
  cost: { currency: 'keys' | 'points'; amountMinor: bigint } | null,
): MoneyMovement | null {
  // Demo drops move nothing real, in either direction.
  if (!cost || cost.amountMinor <= 0n || drop.isDemo) return null;
  return dropMoney(
    {
      dropId: drop.dropId,
      transactionId: data.transactionId,
      reasonCode: 'DROP_APPLICATION',
      description: `Application to drop ${drop.details.title}`,
      now: data.now,
    },
    [
      {
        debitAccount: userAccount(data.applicant.userId),
        creditAccount: SYSTEM_ACCOUNTS.burn,
        currency: cost.currency,
        amountMinor: cost.amountMinor,
      },
    ],
  );
}

export function decideApply(data: ApplyData, drop: DropState): DropDecision {
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (!isDropActive(drop, data.now)) return refuse({ code: 'DROP_MUST_BE_ACTIVE' });
  const applicant = data.applicant;
  if (drop.creatorId === applicant.userId) return refuse({ code: 'APPLICANT_MUST_NOT_BE_CREATOR' });
  if (Object.values(drop.applications).some((application) => application.applicantUserId === applicant.userId)) {
    return refuse({ code: 'APPLICANT_MUST_APPLY_ONCE' });
  }
  if (drop.details.maxParticipants !== null && drop.seatsTaken >= drop.details.maxParticipants)
    return refuse({ code: 'DROP_MUST_HAVE_A_FREE_SEAT' });
  if (applicant.followerCount < drop.details.followerThreshold) {
    return refuse({ code: 'APPLICANT_MUST_HAVE_ENOUGH_FOLLOWERS', threshold: drop.details.followerThreshold });
  }
  let cost: { currency: 'keys' | 'points'; amountMinor: bigint } | null = null;
  if (drop.kind === 'paid') {
    if (!applicant.masterKeyActivatedToday) return refuse({ code: 'MASTER_KEY_MUST_BE_ACTIVATED_TODAY' });
    if (applicant.keysAvailableMinor < drop.terms.keyCostMinor) {
      return refuse({
        code: 'KEYS_MUST_COVER_COST',
        missingMinor: drop.terms.keyCostMinor - applicant.keysAvailableMinor,
      });
    }
    cost = { currency: 'keys', amountMinor: drop.terms.keyCostMinor };
  }
  if (drop.kind === 'move') {
    // Every application taken is promised one reward from the escrow: take one only while the pool covers it too.
    const promisedMinor = drop.terms.keyRewardAmountMinor * BigInt(inFlightApplications(drop).length);
    if (!drop.isDemo && drop.keyPoolRemainingMinor - promisedMinor < drop.terms.keyRewardAmountMinor)
      return refuse({ code: 'KEY_POOL_MUST_COVER_ANOTHER_REWARD' });
    if (applicant.pointsAvailableMinor < drop.terms.moveCostPointsMinor) {
      return refuse({
        code: 'POINTS_MUST_COVER_COST',
        missingMinor: drop.terms.moveCostPointsMinor - applicant.pointsAvailableMinor,
      });
    }
    cost = { currency: 'points', amountMinor: drop.terms.moveCostPointsMinor };
  }
  const money = applicationMoney(drop, data, cost);
  return accept(
    [
      {
        type: 'DropApplicationReceived',
        data: {
          applicationId: data.applicationId,
          dropId: drop.dropId,
          applicantUserId: applicant.userId,
          applicantName: applicant.name,
          message: data.message,
          costCurrency: money ? cost!.currency : null,
          costMinor: (money ? cost!.amountMinor : 0n).toString(),
          costTransactionId: money ? data.transactionId : null,
          appliedAt: data.now,
        },
      },
    ],
    money,
  );
}

type StepData<T extends DropCommand['type']> = Extract<DropCommand, { type: T }>['data'];

function decideReject(
  data: StepData<'RejectApplication'>,
  drop: DropState,
  application: ApplicationState,
): DropDecision {
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  if (application.status !== 'pending') return refuse({ code: 'APPLICATION_MUST_BE_PENDING', action: 'reject' });
  // The applicant gets back exactly what applying cost them.
  const money: MoneyMovement | null =
    application.costMinor > 0n && application.costCurrency
      ? dropMoney(
          {
            dropId: drop.dropId,
            transactionId: data.transactionId,
            reasonCode: 'DROP_APPLICATION',
            description: `Refund of a rejected application to drop ${drop.details.title}`,
            now: data.now,
          },
          [
            {
              debitAccount: SYSTEM_ACCOUNTS.burn,
              creditAccount: userAccount(application.applicantUserId),
              currency: application.costCurrency,
              amountMinor: application.costMinor,
            },
          ],
        )
      : null;
  return accept(
    [
      {
        type: 'DropApplicationRejected',
        data: {
          applicationId: application.applicationId,
          dropId: drop.dropId,
          refundMinor: application.costMinor.toString(),
          refundTransactionId: money ? data.transactionId : null,
          rejectedAt: data.now,
        },
      },
    ],
    money,
  );
}

/** The reward's amounts: gems for a paid drop, keys (from the pool, plus the multiplier's bonus) for a move drop. */
interface Reward {
  gems: bigint;
  keysFromPool: bigint;
  keysBonus: bigint;
  keyMultiplier: number;
}

function rewardOf(data: StepData<'CompleteApplication'>, drop: DropState): Reward {
  const real = !drop.isDemo;
  // Never more than the pool still holds.
  const gems = drop.kind === 'paid' && real ? min(drop.terms.gemRewardBaseMinor, drop.gemPoolRemainingMinor) : 0n;
  // Move drops pay their key reward from the escrow, never more than it holds; the applicant's key multiplier
  // (spec 1 §9: 2x key earnings, bought with gold in the shop) adds its bonus from issuance, bounded by it.
  const keyMultiplier = drop.kind === 'move' && real ? wholeMultiplier(data.keyMultiplier) : 1;
  const keysFromPool =
    drop.kind === 'move' && real ? min(drop.terms.keyRewardAmountMinor, drop.keyPoolRemainingMinor) : 0n;
  const keysBonus = keysFromPool * BigInt(keyMultiplier - 1);
  return { gems, keysFromPool, keysBonus, keyMultiplier };
}

function rewardMoney(
  data: StepData<'CompleteApplication'>,
  drop: DropState,
  application: ApplicationState,
  { gems, keysFromPool, keysBonus, keyMultiplier }: Reward,
): MoneyMovement | null {
  const reward = {
    dropId: drop.dropId,
    transactionId: data.transactionId,
    reasonCode: 'DROP_REWARD' as const,
    now: data.now,
  };
  const applicant = userAccount(application.applicantUserId);
  if (gems > 0n) {
    return dropMoney({ ...reward, description: `Reward for drop ${drop.details.title}` }, [
      { debitAccount: dropEscrow(drop.dropId), creditAccount: applicant, currency: 'gems', amountMinor: gems },
    ]);
  }
  if (keysFromPool <= 0n) return null;
  return dropMoney(
    {
      ...reward,
      description:
        keyMultiplier > 1
          ? `Keys for move drop ${drop.details.title} (${keyMultiplier}x key multiplier)`
          : `Keys for move drop ${drop.details.title}`,
    },
    [
      {
        debitAccount: dropEscrow(drop.dropId),
        creditAccount: applicant,
        currency: 'keys',
        amountMinor: keysFromPool,
      },
      ...(keysBonus > 0n
        ? [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: applicant,
              currency: 'keys' as const,
              amountMinor: keysBonus,
            },
          ]
        : []),
    ],
  );
}

function decideComplete(
  data: StepData<'CompleteApplication'>,
  drop: DropState,
  application: ApplicationState,
): DropDecision {
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  if (application.status !== 'submitted') return refuse({ code: 'APPLICATION_MUST_BE_SUBMITTED' });
  const reward = rewardOf(data, drop);
  const money = rewardMoney(data, drop, application, reward);
  const base = { applicationId: application.applicationId, dropId: drop.dropId };
  return accept(
    [
      {
        type: 'DropApplicationCompleted',
        data: {
          ...base,
          applicantUserId: application.applicantUserId,
          dropType: drop.kind,
          completedAt: data.now,
        },
      },
      {
        type: 'DropApplicationPaid',
        data: {
          ...base,
          applicantUserId: application.applicantUserId,
          reviewScore: data.reviewScore,
          gemsEarnedMinor: reward.gems.toString(),
          keysEarnedMinor: (reward.keysFromPool + reward.keysBonus).toString(),
          keyMultiplier: reward.keyMultiplier,
          ...(drop.kind === 'move' ? { keysFromPoolMinor: reward.keysFromPool.toString() } : {}),
          rewardTransactionId: money ? data.transactionId : null,
          paidAt: data.now,
        },
      },
    ],
    money,
  );
}

export function decideApplicationStep(
  command: Extract<
    DropCommand,
    { type: 'ApproveApplication' | 'RejectApplication' | 'SubmitWork' | 'CompleteApplication' }
  >,
  drop: DropState,
): DropDecision {
  const data = command.data;
  const application: ApplicationState | undefined = drop.applications[data.applicationId];
  if (!application) return refuse({ code: 'APPLICATION_MUST_EXIST' });
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  const base = { applicationId: application.applicationId, dropId: drop.dropId };
  switch (command.type) {
    case 'ApproveApplication':
      if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
      if (application.status !== 'pending') return refuse({ code: 'APPLICATION_MUST_BE_PENDING', action: 'approve' });
      return accept([{ type: 'DropApplicationApproved', data: { ...base, approvedAt: command.data.now } }]);
    case 'RejectApplication':
      return decideReject(command.data, drop, application);
    case 'SubmitWork':
      if (application.applicantUserId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_APPLICANT' });
      if (application.status !== 'approved') return refuse({ code: 'APPLICATION_MUST_BE_APPROVED' });
      return accept([
        {
          type: 'DropWorkSubmitted',
          data: {
            ...base,
            submissionType: command.data.submissionType,
            submissionData: command.data.submissionData,
            submissionNotes: command.data.submissionNotes,
            submittedAt: command.data.now,
          },
        },
      ]);
    case 'CompleteApplication':
      return decideComplete(command.data, drop, application);
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown application command ${(unknownCommand as { type: string }).type}`);
    }
  }
}

const min = (left: bigint, right: bigint) => (left < right ? left : right);

/** A multiplier scales minor units of keys, so it must be a whole number ≥ 1; anything else is a caller's bug. */
function wholeMultiplier(multiplier: number): number {
  if (!Number.isSafeInteger(multiplier) || multiplier < 1)
    throw new Error(`Key multiplier must be a whole number ≥ 1, got ${multiplier}`);
  return multiplier;
}
