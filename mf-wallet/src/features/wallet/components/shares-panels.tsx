import { Button, ButtonLink, Card, ErrorBox, apiClient, errorMessage, formatBalance, formatMoney, formatSharePrice, portfolioKeys, refreshMoneyViews, useIdempotencyKey } from '@app/platform';
import { Dialog, Form, FormError, FormTextField, QueryView, SubmitButton, Tabs, useZodForm } from '@app/platform/app';
import { HoldingsResponseSchema, ListingSchema, ListingsResponseSchema, MARKET_MESSAGES, OfferSchema, OffersResponseSchema, type Holding } from '@app/contracts/market';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';

// The wallet Overview's share panels (spec 3): holdings, active listings, offers. The Investment Hub (mf-invest) has
// the full screens; remotes never import each other, so these are the wallet's own small views of the same API.

const keys = { listings: [...portfolioKeys.all, 'listings', 'mine'] as const, offers: (role: string) => [...portfolioKeys.all, 'offers', role] as const };

function useReload() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: portfolioKeys.all }), refreshMoneyViews(queryClient)]);
}

function ListForSaleDialog({ holding, onClose }: { holding: Holding; onClose(): void }) {
  const reload = useReload();
  const idempotency = useIdempotencyKey();
  const schema = useMemo(
    () =>
      z.object({
        quantity: z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(1, 'At least 1').max(holding.available_to_sell, MARKET_MESSAGES.moreThanAvailableToSell),
        ask_price: z.number({ error: 'Enter an ask price' }).min(0.01, 'Ask price must be at least 0.01'),
      }),
    [holding.available_to_sell],
  );
  const form = useZodForm(schema, { defaultValues: { quantity: holding.available_to_sell, ask_price: holding.current_price } });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="List Shares for Resale" description={`${holding.content_title}: ${holding.available_to_sell} available to sell.`}>
      <Form
        form={form}
        fallbackError="Failed to create listing."
        aria-label="List shares"
        onSubmit={async (values) => {
          const body = { content_id: holding.content_id, content_title: holding.content_title, content_thumbnail: holding.content_thumbnail, ...values };
          await apiClient().post('/api/shares/listings', body, { schema: ListingSchema, headers: { 'Idempotency-Key': idempotency.key() } });
          idempotency.renew();
          await reload();
          onClose();
        }}
      >
        <FormTextField name="quantity" label="Quantity" type="number" min={1} step={1} numeric />
        <FormTextField name="ask_price" label="Ask price per share (USD)" type="number" min={0.01} step={0.0001} numeric />
        <FormError />
        <SubmitButton>List Shares</SubmitButton>
      </Form>
    </Dialog>
  );
}

function HoldingsPanel() {
  const holdings = useQuery({ queryKey: portfolioKeys.holdings(), queryFn: async ({ signal }) => (await apiClient().get('/api/portfolio/holdings', { schema: HoldingsResponseSchema, signal })).holdings });
  const [listing, setListing] = useState<Holding | null>(null);
  return (
    <Card title="Share holdings">
      <QueryView query={holdings} loadingLabel="Loading holdings" empty={<p className="ui-muted">You hold no shares.</p>}>
        {(rows) => (
          <ul className="ui-list" aria-label="Share holdings">
            {rows.map((holding) => (
              <li key={holding.content_id} className="ui-list__item">
                <span>{holding.content_title}</span>
                <span>
                  {formatBalance(holding.owned_shares)} × ${formatSharePrice(holding.current_price)} = {formatMoney(holding.market_value)}
                </span>
                <ButtonLink size="small" variant="secondary" to={`/portfolio/holdings/${encodeURIComponent(holding.content_id)}`}>
                  View
                </ButtonLink>
                {holding.available_to_sell > 0 ? (
                  <Button size="small" onClick={() => setListing(holding)}>
                    List for sale
                  </Button>
                ) : (
                  <span className="ui-muted">All shares listed</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {listing ? <ListForSaleDialog holding={listing} onClose={() => setListing(null)} /> : null}
    </Card>
  );
}

function ListingsPanel() {
  const listings = useQuery({
    queryKey: keys.listings,
    queryFn: async ({ signal }) => (await apiClient().get('/api/shares/listings', { schema: ListingsResponseSchema, signal, query: { owner: 'true', limit: '100' } })).listings,
  });
  return (
    <Card title="Active listings">
      <QueryView query={listings} loadingLabel="Loading listings" isEmpty={(rows) => rows.every((row) => row.status !== 'active')} empty={<p className="ui-muted">No active listings.</p>}>
        {(rows) => (
          <ul className="ui-list" aria-label="Active listings">
            {rows
              .filter((row) => row.status === 'active')
              .map((row) => (
                <li key={row.id} className="ui-list__item">
                  <span>{row.content_title}</span>
                  <span>
                    {formatBalance(row.remaining_quantity)} at ${formatSharePrice(row.ask_price)}
                  </span>
                </li>
              ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

function OfferList({ role }: { role: 'buyer' | 'seller' }) {
  const reload = useReload();
  const offers = useQuery({ queryKey: keys.offers(role), queryFn: async ({ signal }) => (await apiClient().get('/api/shares/offers', { schema: OffersResponseSchema, signal, query: { role } })).offers });
  const answer = useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: 'accept' | 'decline' }) => apiClient().post(`/api/shares/offers/${encodeURIComponent(id)}/${verb}`, {}, { schema: OfferSchema }),
    onSuccess: () => reload(),
  });
  return (
    <div className="ui-stack">
      <QueryView query={offers} loadingLabel="Loading offers" empty={<p className="ui-muted">No offers.</p>}>
        {(rows) => (
          <ul className="ui-list" aria-label={role === 'seller' ? 'Incoming offers' : 'Outgoing offers'}>
            {rows.map((offer) => (
              <li key={offer.id} className="ui-list__item">
                <span>{offer.content_title}</span>
                <span>
                  {formatBalance(offer.quantity)} × ${formatSharePrice(offer.bid_price)} = {formatMoney(offer.total)}
                </span>
                <span>{role === 'seller' ? `from ${offer.buyer_name ?? 'a buyer'}` : `to ${offer.seller_name ?? 'a holder'}`}</span>
                {offer.message ? <q>{offer.message}</q> : null}
                <span>{offer.status}</span>
                {role === 'seller' && offer.status === 'pending' ? (
                  <>
                    <Button size="small" busy={answer.isPending && answer.variables?.id === offer.id} onClick={() => answer.mutate({ id: offer.id, verb: 'accept' })}>
                      Accept
                    </Button>
                    <Button size="small" variant="secondary" onClick={() => answer.mutate({ id: offer.id, verb: 'decline' })}>
                      Decline
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {answer.isError ? <ErrorBox message={errorMessage(answer.error, 'Failed to accept offer')} /> : null}
    </div>
  );
}

export function SharesPanels() {
  return (
    <div className="ui-stack">
      <HoldingsPanel />
      <ListingsPanel />
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
    </div>
  );
}
