import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  apiClient,
  formatBalance,
  formatMoney,
  formatSharePrice,
  portfolioKeys,
  userKeys,
} from '@app/platform';
import { QueryView } from '@app/platform/app';
import { MakeOfferDialog } from '@app/platform/market';
import { getAchievementsRoute } from '@app/contracts/progress';
import { holdingsRoute, type Holding } from '@app/contracts/market';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

/**
 * A user's public holdings (`holdingsRoute` with `userId`): the server leaves private ones out for anyone
 * else; the owner's own answer includes them, so the profile keeps only public ones and shows what the public sees.
 */
function usePublicHoldings(userId: string) {
  return useQuery({
    queryKey: portfolioKeys.publicHoldings(userId),
    queryFn: async ({ signal }) =>
      (await apiClient().call(holdingsRoute, { query: { userId }, signal })).holdings.filter(
        (holding) => holding.visibility === 'public',
      ),
  });
}

function HoldingRow({
  holding,
  isOwner,
  holderName,
  onOffer,
}: {
  holding: Holding;
  isOwner: boolean;
  holderName: string;
  onOffer(): void;
}) {
  return (
    <li className="ui-list__item">
      <div className="ui-stack">
        <Link to={`/content/${encodeURIComponent(holding.content_id)}`}>{holding.content_title}</Link>
        <span className="ui-muted">
          {formatBalance(holding.owned_shares)} shares × ${formatSharePrice(holding.current_price)} ={' '}
          {formatMoney(holding.market_value)}
        </span>
      </div>
      {isOwner ? (
        <ButtonLink
          size="small"
          variant="secondary"
          to={`/portfolio/holdings/${encodeURIComponent(holding.content_id)}`}
          aria-label={`View ${holding.content_title}`}
        >
          View
        </ButtonLink>
      ) : holding.available_to_sell > 0 ? (
        <Button size="small" onClick={onOffer} aria-label={`Make offer to ${holderName} for ${holding.content_title}`}>
          Make offer
        </Button>
      ) : (
        <span className="ui-muted">All shares listed for resale</span>
      )}
    </li>
  );
}

/** Spec 2 profiles: public holdings, Make offer for everyone else, View for the owner; private ones never show. */
export function PublicHoldings({
  userId,
  holderName,
  isOwner,
}: {
  userId: string;
  holderName: string;
  isOwner: boolean;
}) {
  const holdings = usePublicHoldings(userId);
  const [offering, setOffering] = useState<Holding | null>(null);
  return (
    <Card title="Holdings">
      <QueryView
        query={holdings}
        loadingLabel="Loading holdings"
        empty={
          <p className="ui-muted">
            {isOwner ? 'You have no public holdings.' : `${holderName} has no public holdings.`}
          </p>
        }
      >
        {(rows) => (
          <ul className="ui-list" aria-label="Public holdings">
            {rows.map((holding) => (
              <HoldingRow
                key={holding.content_id}
                holding={holding}
                isOwner={isOwner}
                holderName={holderName}
                onOffer={() => setOffering(holding)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {offering ? (
        <MakeOfferDialog
          target={{
            contentId: offering.content_id,
            title: offering.content_title,
            sellerId: userId,
            sellerShares: offering.available_to_sell,
            currentPrice: offering.current_price,
          }}
          open
          onOpenChange={(open) => (open ? undefined : setOffering(null))}
        />
      ) : null}
    </Card>
  );
}

/** Spec 2 public profile, Achievements tab: the badges the user earned (claimed); their progress stays private. */
export function EarnedBadges({ userId, holderName }: { userId: string; holderName: string }) {
  const badges = useQuery({
    queryKey: [...userKeys.all, 'badges', userId],
    queryFn: ({ signal }) => apiClient().call(getAchievementsRoute, { query: { userId }, signal }),
  });
  return (
    <QueryView
      query={badges}
      loadingLabel="Loading achievements"
      empty={<EmptyState title="No badges yet" message={`${holderName} has not earned an achievement yet.`} />}
    >
      {(list) => (
        <ul className="ui-list" aria-label="Earned achievements">
          {list.map((badge) => (
            <li key={badge.id} className="ui-list__item">
              <div className="ui-stack">
                <strong>{badge.name}</strong>
                <span className="ui-muted">{badge.description}</span>
              </div>
              <Badge tone="success">
                {badge.completed_at ? `Earned ${new Date(badge.completed_at).toLocaleDateString()}` : 'Earned'}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
