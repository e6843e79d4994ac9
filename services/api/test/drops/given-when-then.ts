import { decide } from '../../src/modules/drops/domain/decide';
import { DropCommand, DropDecision, MoneyMovement } from '../../src/modules/drops/domain/decision';
import { AdvertiserState, foldDrop, evolveAdvertiser, initialAdvertiserState } from '../../src/modules/drops/domain/drop';
import type { AdvertiserEvent, DropEvent } from '../../src/modules/drops/domain/drop-events';
import { DeciderSpecification } from '../support/decider-specification';

type DropDecisionState = Parameters<typeof decide>[1];

/** A drop command decides over the drop's stream and, for a creation, its advertiser's: `given` folds both. */
const dropSpecification = DeciderSpecification.for<DropCommand, DropDecisionState, never, DropDecision>({
  decide,
  evolve: (state) => state,
  initialState: () => ({ drop: foldDrop('unused', []), advertiser: initialAdvertiserState() }),
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
