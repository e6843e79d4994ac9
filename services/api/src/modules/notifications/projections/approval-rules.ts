import type { StoredEvent } from '@app/event-store';
import { formatMinor } from '@app/contracts/ledger';
import { GROWTH_STREAM_PREFIXES, ShieldClaimApprovedSchema, ShieldClaimRejectedSchema } from '@app/contracts/growth';
import {
  InfluenceFollowersVerifiedSchema,
  InfluenceVerificationRejectedSchema,
  InstagramVerificationRejectedSchema,
} from '@app/contracts/rewards';
import type { NotificationDraft } from './notification-draft';

/** The events an administrator's decision in the Approvals queue records (Instagram's verification is in the rules). */
export const APPROVAL_EVENT_TYPES = [
  'InstagramVerificationRejected',
  'InfluenceFollowersVerified',
  'InfluenceVerificationRejected',
  'ShieldClaimApproved',
  'ShieldClaimRejected',
];

/** " Reason: …" when the administrator gave one. */
const because = (reason: string | undefined) => (reason && reason.trim() !== '' ? ` Reason: ${reason.trim()}` : '');

/**
 * A request that waited for an administrator was decided: the user who made it is told the outcome and the reason.
 * Shield claim events carry no user id: the claim lives on the user's own shield stream, which names them.
 */
export function approvalDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  switch (stored.type) {
    case 'InstagramVerificationRejected': {
      const parsed = InstagramVerificationRejectedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, instagramUsername, reason } = parsed.data;
      return [
        {
          key: `instagram-rejected:${stored.id}`,
          userId,
          type: 'warning',
          title: 'Instagram verification rejected',
          message: `@${instagramUsername} could not be verified.${because(reason)} You can register again.`,
          data: { instagram_username: instagramUsername, reason },
          actionUrl: '/dashboard',
        },
      ];
    }
    case 'InfluenceFollowersVerified': {
      const parsed = InfluenceFollowersVerifiedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, platformUsername, verifiedFollowerCount, monthlyPointsMinor, month, reason } = parsed.data;
      return [
        {
          key: `influence-verified:${stored.id}`,
          userId,
          type: 'system',
          title: 'Influence followers verified',
          message:
            `${verifiedFollowerCount.toLocaleString('en-US')} followers verified for ${platformUsername}: ` +
            `claim ${formatMinor(BigInt(monthlyPointsMinor), 'points')} points for ${month}.${because(reason)}`,
          data: { month, verified_follower_count: verifiedFollowerCount, reason: reason ?? null },
          actionUrl: '/dashboard',
        },
      ];
    }
    case 'InfluenceVerificationRejected': {
      const parsed = InfluenceVerificationRejectedSchema.safeParse(stored.data);
      if (!parsed.success) return [];
      const { userId, platformUsername, month, reason } = parsed.data;
      return [
        {
          key: `influence-rejected:${stored.id}`,
          userId,
          type: 'warning',
          title: 'Influence claim rejected',
          message: `Your ${month} claim for ${platformUsername} was not verified.${because(reason)}`,
          data: { month, reason },
          actionUrl: '/dashboard',
        },
      ];
    }
    case 'ShieldClaimApproved':
    case 'ShieldClaimRejected':
      return shieldClaimDrafts(stored);
    default:
      return [];
  }
}

/** A shield claim was decided: the claim's user (named by its shield stream) is told the outcome. */
function shieldClaimDrafts(stored: Pick<StoredEvent, 'id' | 'type' | 'data' | 'streamId'>): NotificationDraft[] {
  if (!stored.streamId.startsWith(GROWTH_STREAM_PREFIXES.shield)) return [];
  const userId = stored.streamId.slice(GROWTH_STREAM_PREFIXES.shield.length);
  if (stored.type === 'ShieldClaimApproved') {
    const parsed = ShieldClaimApprovedSchema.safeParse(stored.data);
    if (!parsed.success) return [];
    return [
      {
        key: `shield-claim-decided:${parsed.data.claimId}`,
        userId,
        type: 'reward',
        title: 'Shield claim approved',
        message:
          'Your Social Shield claim was approved: ' +
          `${formatMinor(BigInt(parsed.data.payoutMinor), 'gems')} gems paid`,
        data: { claim_id: parsed.data.claimId, status: 'approved' },
        actionUrl: '/growth-hub',
      },
    ];
  }
  const parsed = ShieldClaimRejectedSchema.safeParse(stored.data);
  if (!parsed.success) return [];
  return [
    {
      key: `shield-claim-decided:${parsed.data.claimId}`,
      userId,
      type: 'warning',
      title: 'Shield claim rejected',
      message: `Your Social Shield claim was rejected.${because(parsed.data.reason)}`,
      data: { claim_id: parsed.data.claimId, status: 'rejected', reason: parsed.data.reason },
      actionUrl: '/growth-hub',
    },
  ];
}
