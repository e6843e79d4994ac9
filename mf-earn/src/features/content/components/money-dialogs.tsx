import { Button, ErrorBox, errorMessage, formatBalance, useCurrentUser, useSession } from '@app/platform';
import { Dialog, covers, useToast } from '@app/platform/app';
import { AddFundsOffer } from '@app/platform/market';
import { useState } from 'react';
import { type FundCurrency, useSponsor, useTipGems, useTipOrFund } from '../api/engagement-api';
import { ENGAGEMENT_MESSAGES, SPONSOR_PACKAGES, sponsorSuccessMessage } from '@app/contracts/engagement';
import { TIP_PRESETS, tipProblem, tipOrFundProblem } from './engagement-rules';

interface DialogProps {
  contentId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Tip Creator: whole gems 1..1000 with presets; gems leave the tipper, the creator receives $0.01 a gem. */
export function TipDialog({ contentId, open, onOpenChange }: DialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const tip = useTipGems(contentId);
  const [amount, setAmount] = useState('10');
  const [problem, setProblem] = useState<string | null>(null);
  const send = () => {
    const found = tipProblem(amount, user.gems_balance);
    setProblem(found);
    if (found) return;
    tip.mutate(Number(amount), {
      onSuccess: () => {
        toast.show({ title: `Tipped ${amount} gems`, variant: 'success', durationMilliseconds: 3000 });
        void refresh();
        onOpenChange(false);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tip Creator"
      description={`Each gem gives the creator $0.01. You have ${formatBalance(user.gems_balance)} gems.`}
    >
      <div className="ui-row" role="group" aria-label="Tip presets">
        {TIP_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            variant={amount === String(preset) ? 'primary' : 'secondary'}
            onClick={() => setAmount(String(preset))}
          >
            {preset}
          </Button>
        ))}
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="tip-amount">
          Gems
        </label>
        <input
          id="tip-amount"
          className="ui-field__input"
          type="number"
          min={1}
          max={1000}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem ? true : undefined}
        />
        {problem ? <p className="ui-field__error">{problem}</p> : null}
      </div>
      {tip.isError ? <ErrorBox message={errorMessage(tip.error, 'Tip failed')} /> : null}
      <Button busy={tip.isPending} onClick={send}>
        Send Tip
      </Button>
    </Dialog>
  );
}

const CURRENCIES: { value: FundCurrency; label: string; step: string }[] = [
  { value: 'USD', label: 'USD', step: '0.01' },
  { value: 'Gems', label: 'Gems', step: '0.01' },
  { value: 'Points', label: 'Points', step: '100' },
];

/**
 * Tip or Fund Content: USD, gems or points (1000 points = $1); the answer's new share price is shown. Owners only
 * fund.
 */
export function TipOrFundDialog({
  contentId,
  open,
  onOpenChange,
  isOwner = false,
}: DialogProps & { isOwner?: boolean }) {
  const { refresh } = useSession();
  const toast = useToast();
  const action = useTipOrFund(contentId);
  const [chosenKind, setKind] = useState<'tip' | 'fund'>('tip');
  const kind = isOwner ? 'fund' : chosenKind;
  const [currency, setCurrency] = useState<FundCurrency>('USD');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const step = CURRENCIES.find((entry) => entry.value === currency)?.step ?? '0.01';
  const send = () => {
    const found = tipOrFundProblem(amount, currency);
    setProblem(found);
    if (found) return;
    action.mutate(
      { kind, amount: amount.trim(), currency_type: currency },
      {
        onSuccess: (answer) => {
          toast.show({
            title: kind === 'tip' ? 'Tip sent' : 'Content funded',
            description: `New share price $${answer.new_share_price.toFixed(4)}`,
            variant: 'success',
            durationMilliseconds: 3000,
          });
          void refresh();
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tip or Fund Content"
      description="A tip rewards the creator; funding raises the share price. 1000 points = $1."
    >
      <KindAndCurrencyChoice
        kind={kind}
        onKind={setKind}
        kindHidden={isOwner}
        currency={currency}
        onCurrency={setCurrency}
      />
      <FundAmountField amount={amount} step={step} problem={problem} onChange={setAmount} />
      {action.isError ? (
        <ErrorBox
          message={errorMessage(
            action.error,
            kind === 'tip' ? 'Failed to tip content' : 'Failed to fund content. Please try again.',
          )}
        />
      ) : null}
      <Button busy={action.isPending} onClick={send}>
        {kind === 'tip' ? 'Send Tip' : 'Fund Content'}
      </Button>
      {currency === 'USD' ? <AddFundsOffer neededDollars={Number(amount) || 0} /> : null}
    </Dialog>
  );
}

function KindAndCurrencyChoice(props: {
  kind: 'tip' | 'fund';
  onKind(kind: 'tip' | 'fund'): void;
  kindHidden: boolean;
  currency: FundCurrency;
  onCurrency(currency: FundCurrency): void;
}) {
  const { kind, onKind, kindHidden, currency, onCurrency } = props;
  return (
    <>
      <fieldset className="account-choice" hidden={kindHidden}>
        <legend>Action</legend>
        {(['tip', 'fund'] as const).map((value) => (
          <label key={value} className="account-choice__option">
            <input type="radio" name="tip-or-fund" checked={kind === value} onChange={() => onKind(value)} />{' '}
            {value === 'tip' ? 'Tip' : 'Fund'}
          </label>
        ))}
      </fieldset>
      <fieldset className="account-choice">
        <legend>Currency</legend>
        {CURRENCIES.map((entry) => (
          <label key={entry.value} className="account-choice__option">
            <input
              type="radio"
              name="fund-currency"
              checked={currency === entry.value}
              onChange={() => onCurrency(entry.value)}
            />{' '}
            {entry.label}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function FundAmountField(props: {
  amount: string;
  step: string;
  problem: string | null;
  onChange(amount: string): void;
}) {
  const { amount, step, problem, onChange } = props;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor="fund-amount">
        Amount
      </label>
      <input
        id="fund-amount"
        className="ui-field__input"
        type="number"
        min={0}
        step={step}
        value={amount}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      {problem ? <p className="ui-field__error">{problem}</p> : null}
    </div>
  );
}

/** A package's boost multiplier: the contract keeps it in tenths. */
const multiplierOf = (tenths: number) => tenths / 10;

/** Sponsor Content (advertisers, not their own): a package is selectable only if its gems are within the balance. */
export function SponsorDialog({ contentId, open, onOpenChange }: DialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const sponsor = useSponsor(contentId);
  const [chosen, setChosen] = useState<string | null>(null);
  const pack = SPONSOR_PACKAGES.find((entry) => entry.id === chosen);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sponsor Content"
      description={`Boost this content's visibility with gems. You have ${formatBalance(user.gems_balance)} gems.`}
    >
      <GemBalanceMeter gemsBalance={user.gems_balance} />
      <SponsorPackageList gemsBalance={user.gems_balance} chosen={chosen} onChoose={setChosen} />
      {sponsor.isError ? <ErrorBox message={errorMessage(sponsor.error, 'Failed to sponsor content')} /> : null}
      <Button
        disabled={!pack}
        busy={sponsor.isPending}
        onClick={() =>
          pack &&
          sponsor.mutate(
            {
              package_id: pack.id,
              gems_allocated: pack.gems,
              boost_multiplier: multiplierOf(pack.multiplierTenths),
              duration_hours: pack.hours,
            },
            {
              onSuccess: (answer) => {
                toast.show({
                  title: answer.message || sponsorSuccessMessage(multiplierOf(pack.multiplierTenths), pack.hours),
                  variant: 'success',
                  durationMilliseconds: 4000,
                });
                void refresh();
                onOpenChange(false);
              },
            },
          )
        }
      >
        Sponsor
      </Button>
    </Dialog>
  );
}

/** The gem balance against the 500 the biggest package costs. */
function GemBalanceMeter({ gemsBalance }: { gemsBalance: string }) {
  const gemsShare = Math.min(100, (Number(gemsBalance) / 500) * 100);
  return (
    <div
      className="content-gem-bar"
      role="meter"
      aria-label="Gem balance out of 500"
      aria-valuemin={0}
      aria-valuemax={500}
      aria-valuenow={Number(gemsBalance)}
    >
      <span style={{ width: `${gemsShare}%` }} />
    </div>
  );
}

/** The packages as radio choices; one the balance cannot cover is disabled and says so. */
function SponsorPackageList(props: { gemsBalance: string; chosen: string | null; onChoose(id: string): void }) {
  const { gemsBalance, chosen, onChoose } = props;
  return (
    <ul className="ui-list" aria-label="Sponsorship packages">
      {SPONSOR_PACKAGES.map((entry) => {
        const affordable = covers(gemsBalance, entry.gems, 'gems');
        return (
          <li key={entry.id} className="ui-list__item">
            <label className="account-choice__option">
              <input
                type="radio"
                name="sponsor-package"
                disabled={!affordable}
                checked={chosen === entry.id}
                onChange={() => onChoose(entry.id)}
              />
              <span>
                <strong>{entry.name}</strong> · {entry.gems} gems · {multiplierOf(entry.multiplierTenths)}x for{' '}
                {entry.hours} {entry.hours === 1 ? 'hour' : 'hours'}
                {affordable ? null : <span className="ui-field__error"> {ENGAGEMENT_MESSAGES.insufficientGems}</span>}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
