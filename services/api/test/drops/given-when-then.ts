import type { Currency, MoneyMovement, Posting, ReasonCode } from '@app/contracts/ledger';
import { decide } from '../../src/modules/drops/domain/decide';
import { DropCommand, DropDecision } from '../../src/modules/drops/domain/decision';
import {
  AdvertiserState,
  foldDrop,
  evolveAdvertiser,
  initialAdvertiserState,
} from '../../src/modules/drops/domain/drop';
import type { AdvertiserEvent, DropEvent } from '../../src/modules/drops/domain/drop-events';
import { DeciderSpecification } from '../support/decider-specification';

type DropDecisionState = Parameters<typeof decide>[1];

/** A drop command decides over the drop's stream and, for a creation, its advertiser's: `given` folds both. */
const dropSpecification = DeciderSpecification.for<DropCommand, DropDecisionState, never, DropDecision>({
  decide,
  evolve: (state) => state,
  initialState: () => ({ drop: foldDrop('unused', []), advertiser: initialAdvertiserState() }),
});

/** One posting between ledger accounts as the ledger spells them (`user:u1`, `escrow:drop:d1`, `system:burn`). */
export const posting = (
  debitAccount: string,
  creditAccount: string,
  currency: Currency,
  amountMinor: bigint,
): Posting => ({ debitAccount, creditAccount, currency, amountMinor });

/** The one ledger transaction a drop command moves: its reason, description and postings, referenced by the drop. */
export const movement = (
  fields: { dropId: string; transactionId: string; reasonCode: ReasonCode; description: string; now: string },
  ...postings: Posting[]
): MoneyMovement => ({
  transactionId: fields.transactionId,
  reasonCode: fields.reasonCode,
  description: fields.description,
  postings,
  now: fields.now,
  references: { dropId: fields.dropId },
});

/** given(drop events).when(command).then(events, money) | thenRefused(refusal): each spec reads as the rule it proves. */
export function given(dropId: string, events: DropEvent[] = [], advertiserEvents: AdvertiserEvent[] = []) {
  const advertiser: AdvertiserState = advertiserEvents.reduce(evolveAdvertiser, initialAdvertiserState());
  const spec = dropSpecification.givenState({ drop: foldDrop(dropId, events), advertiser });
  return {
    when(command: DropCommand) {
      const then = spec.when(command);
      return {
        decision: then.decision,
        then: (expected: DropEvent[], money: MoneyMovement | null = null) =>
          then.then({ events: expected, money }) as Extract<DropDecision, { kind: 'accepted' }>,
        thenRefused: then.thenRefused,
      };
    },
  };
}
