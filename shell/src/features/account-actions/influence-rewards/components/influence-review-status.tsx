import { Badge, formatBalance } from '@app/platform';
import { useInfluenceStatus } from '../api/influence-rewards';

/**
 * Where this month's claim stands when the dialog opens: an administrator reviews each one (the ops console's
 * Approvals queue), so a registered claim shows "Pending review", then "Verified" or "Rejected" with the reason.
 * Nothing shows before a registration this month, or when the status cannot be read (the form still works).
 */
export function InfluenceReviewStatus({ open }: { open: boolean }) {
  const status = useInfluenceStatus(open);
  const current = status.data;
  if (!current || current.verification_status === 'not_registered') return null;
  const followers = formatBalance(current.follower_count ?? 0);
  const account = `@${current.platform_username ?? ''} (${followers} followers declared)`;
  return (
    <p className="account-notice" role="status" aria-label="This month's claim">
      {current.verification_status === 'pending_verification' ? (
        <>
          <Badge tone="warning">Pending review</Badge> Your {current.current_month} claim for {account} awaits
          verification by an administrator.
        </>
      ) : current.verification_status === 'rejected' ? (
        <>
          <Badge tone="danger">Rejected</Badge> Your {current.current_month} claim for {account} was not verified
          {current.rejection_reason ? `: ${current.rejection_reason}` : ''}. You can register again.
        </>
      ) : (
        <>
          <Badge tone="success">Verified</Badge> {formatBalance(current.verified_follower_count ?? 0)} followers
          verified for {current.current_month}
          {current.claimed_this_month
            ? '; this month is claimed.'
            : ': register the same account again to claim the points.'}
        </>
      )}
    </p>
  );
}
