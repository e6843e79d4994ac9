import type { Offer } from '@app/contracts/market';
import { errorMessage } from '../api/error-message';
import { formatBalance, formatMoney, formatSharePrice } from '../format/format';
import { Button } from '../ui/button';
import { Card, ErrorBox } from '../ui/feedback';
import { QueryView } from '../ui/query-view';
import { Tabs } from '../ui/tabs';
import { useAnswerOffer, useOffers } from './market-api';

const counterpart = (offer: Offer, role: 'buyer' | 'seller') =>
  role === 'seller' ? `from ${offer.buyer_name ?? 'a buyer'}` : `to ${offer.seller_name ?? 'a holder'}`;

function OfferList({ role }: { role: 'buyer' | 'seller' }) {
  const offers = useOffers(role);
  const answer = useAnswerOffer();
  const busy = (offer: Offer, verb: string) =>
    answer.isPending && answer.variables?.offerId === offer.id && answer.variables.verb === verb;
  const empty = role === 'seller' ? 'No offers on your shares.' : 'You have made no offers.';
  return (
    <div className="ui-stack">
      <QueryView query={offers} loadingLabel="Loading offers" empty={<p className="ui-muted">{empty}</p>}>
        {(rows) => (
          <ul className="ui-list" aria-label={role === 'seller' ? 'Incoming offers' : 'Outgoing offers'}>
            {rows.map((offer) => (
              <li key={offer.id} className="ui-list__item">
                <span>{offer.content_title}</span>
                <span>
                  {formatBalance(offer.quantity)} × ${formatSharePrice(offer.bid_price)} = {formatMoney(offer.total)}
                </span>
                <span>{counterpart(offer, role)}</span>
                {offer.message ? <q>{offer.message}</q> : null}
                <span>{offer.status}</span>
                {offer.status === 'pending' && role === 'seller' ? (
                  <>
                    <Button
                      size="small"
                      busy={busy(offer, 'accept')}
                      onClick={() => answer.mutate({ offerId: offer.id, verb: 'accept' })}
                    >
                      Accept
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      busy={busy(offer, 'decline')}
                      onClick={() => answer.mutate({ offerId: offer.id, verb: 'decline' })}
                    >
                      Decline
                    </Button>
                  </>
                ) : null}
                {offer.status === 'pending' && role === 'buyer' ? (
                  <Button
                    size="small"
                    variant="secondary"
                    busy={busy(offer, 'cancel')}
                    onClick={() => answer.mutate({ offerId: offer.id, verb: 'cancel' })}
                  >
                    Cancel offer
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {answer.isError ? <ErrorBox message={errorMessage(answer.error, 'The offer could not be answered')} /> : null}
    </div>
  );
}

/**
 * Offers on shares (the wallet's Overview and the Investment Hub): Incoming (Accept, Decline) and Outgoing (Cancel);
 * a bid stays held until answered.
 */
export function OffersPanel() {
  return (
    <Card title="Offers">
      <Tabs
        label="Offers"
        defaultValue="incoming"
        items={[
          { value: 'incoming', label: 'Incoming', content: <OfferList role="seller" /> },
          { value: 'outgoing', label: 'Outgoing', content: <OfferList role="buyer" /> },
        ]}
      />
    </Card>
  );
}
