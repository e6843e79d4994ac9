import {
  Badge,
  Button,
  EmptyState,
  ErrorBox,
  errorMessage,
  formatBalance,
  formatMoney,
  useIdempotencyKey,
} from '@app/platform';
import { Dialog, QueryView } from '@app/platform/app';
import { AddFundsForm } from '@app/platform/market';
import { Gem } from '@app/platform/icons';
import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { type GemPackage, createGemCheckout, useGemPackages } from '../api/gem-store-api';

export interface GemStoreDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** gems: the package catalogue; usd: "Add funds" to the USD wallet. */
  currency?: 'gems' | 'usd';
  /** Sends the browser to the provider's hosted checkout (a full page load, not a route). */
  leaveFor?(url: string): void;
}

const leavePage = (url: string) => window.location.assign(url);

function PackageCard({
  pack,
  busy,
  disabled,
  onBuy,
}: {
  pack: GemPackage;
  busy: boolean;
  disabled: boolean;
  onBuy(): void;
}) {
  return (
    <li className="ui-card" aria-label={`${pack.total_gems} gems for ${formatMoney(pack.price)}`}>
      <p className="wallet-balance__amount">
        <Gem size={18} /> {formatBalance(pack.gems)}
      </p>
      <p className="wallet-balance__note">{pack.bonus > 0 ? `+ ${formatBalance(pack.bonus)} bonus gems` : null}</p>
      <p className="ui-row">
        <strong>{formatMoney(pack.price)}</strong>
        {pack.label ? <Badge tone={pack.most_popular ? 'accent' : 'success'}>{pack.label}</Badge> : null}
      </p>
      <Button size="small" busy={busy} disabled={disabled} onClick={onBuy}>
        Buy {formatBalance(pack.total_gems)} gems
      </Button>
    </li>
  );
}

/** Gem Store: the server's packages; choosing one starts a card checkout and the browser goes to the provider. */
export default function GemStoreDialog({
  open,
  onOpenChange,
  currency = 'gems',
  leaveFor = leavePage,
}: GemStoreDialogProps) {
  const packages = useGemPackages();
  const idempotency = useIdempotencyKey();
  const checkout = useMutation({
    mutationFn: (pack: GemPackage) => createGemCheckout(pack, idempotency.key()),
    onSuccess: (session) => leaveFor(session.checkout_url),
    // A different package is a different purchase: the next click gets its own key.
    onError: () => idempotency.renew(),
  });
  if (currency === 'usd') {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Add Funds"
        description="Top up your USD wallet by card; the dollars arrive once the payment is confirmed."
      >
        <AddFundsForm returnPath="/wallet" leaveFor={leaveFor} />
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Gem Store"
      description="Buy gems by card. You go to the payment page and come back here when it is done."
    >
      <QueryView
        query={packages}
        loadingLabel="Loading gem packages"
        empty={<EmptyState title="No gem packages on sale right now" />}
      >
        {(list) => (
          <ul className="wallet-packages" aria-label="Gem packages">
            {list.map((pack) => (
              <PackageCard
                key={pack.id}
                pack={pack}
                busy={checkout.isPending && checkout.variables?.id === pack.id}
                disabled={checkout.isPending || checkout.isSuccess}
                onBuy={() => checkout.mutate(pack)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {checkout.isError ? (
        <ErrorBox message={errorMessage(checkout.error, PAYMENT_MESSAGES.createSessionFailed)} />
      ) : null}
    </Dialog>
  );
}
