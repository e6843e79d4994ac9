import type { HoldingVisibilityRequest } from '@app/contracts/market';

type HoldingVisibility = HoldingVisibilityRequest['visibility'];

/**
 * A holder's choices about how their holdings show, one stream per holder (`market-holder-<userId>`), kept off the
 * item's trade stream so flipping a toggle never races a hot item's buyers.
 */
export const holderStreamId = (userId: string) => `market-holder-${userId}`;

export type HolderEvent = {
  type: 'HoldingVisibilityChanged';
  data: { userId: string; contentId: string; visibility: HoldingVisibility; at: string };
};

/**
 * Only a holder (shares owned now, from the market's inline positions) chooses; the same choice again records nothing.
 */
export function decideHoldingVisibility(
  command: { userId: string; contentId: string; visibility: HoldingVisibility; now: string },
  position: { owned: number; visibility: HoldingVisibility } | null,
): { kind: 'refused'; refusal: 'HOLDING_NOT_FOUND' } | { kind: 'accepted'; events: HolderEvent[] } {
  if (!position || position.owned <= 0) return { kind: 'refused', refusal: 'HOLDING_NOT_FOUND' };
  if (position.visibility === command.visibility) return { kind: 'accepted', events: [] };
  return {
    kind: 'accepted',
    events: [
      {
        type: 'HoldingVisibilityChanged',
        data: { userId: command.userId, contentId: command.contentId, visibility: command.visibility, at: command.now },
      },
    ],
  };
}
