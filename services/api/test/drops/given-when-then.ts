import { DropCommand, DropDecision, DropRefusal, MoneyMovement, decide } from '../../src/modules/drops/domain/decide';
import { AdvertiserState, foldDrop, evolveAdvertiser, initialAdvertiserState } from '../../src/modules/drops/domain/drop';
import type { AdvertiserEvent, DropEvent } from '../../src/modules/drops/domain/drop-events';

/** given(drop events).when(command).then(events, money) | thenRefused(refusal): each spec reads as the rule it proves. */
export function given(dropId: string, events: DropEvent[] = [], advertiserEvents: AdvertiserEvent[] = []) {
  const drop = foldDrop(dropId, events);
  const advertiser: AdvertiserState = advertiserEvents.reduce(evolveAdvertiser, initialAdvertiserState());
  return {
    when(command: DropCommand) {
      const decision = decide(command, { drop, advertiser });
      return {
        decision,
        then(expected: DropEvent[], money: MoneyMovement | null = null) {
          expect(decision.kind).toBe('accepted');
          const accepted = decision as Extract<DropDecision, { kind: 'accepted' }>;
          expect(accepted.events).toEqual(expected);
          expect(accepted.money).toEqual(money);
          return accepted;
        },
        thenRefused(refusal: DropRefusal) {
          expect(decision).toEqual({ kind: 'refused', refusal });
        },
      };
    },
  };
}
