import { ADVERTISER_MESSAGES, TIER_INVENTORY } from '@app/contracts/advertisers';
import {
  Button,
  ButtonLink,
  Card,
  ErrorBox,
  PageHeader,
  TIERS,
  errorMessage,
  isAdvertiser,
  tierLabel,
  useSession,
} from '@app/platform';
import { useNavigate } from 'react-router';
import { useBecomeAdvertiser } from '../dashboard/api/advertiser-api';

const BENEFITS = [
  {
    title: 'Launch drops',
    text: 'Post proof drops creators complete for your brand, and paid drops with gem pools held in escrow.',
  },
  { title: 'Sponsor content', text: 'Boost trending content with gems and see which items convert.' },
  { title: 'Real analytics', text: 'Impressions, clicks, participants and gems spent, from what actually happened.' },
];

const STEPS = [
  'Become an advertiser: free, your plan stays as it is.',
  'Set up your brand profile with your name and logo.',
  'Create a drop or a campaign and follow its results on your dashboard.',
];

const inventoryLine = (tier: (typeof TIERS)[number]) => {
  const inventory = TIER_INVENTORY[tier];
  const per = inventory.period === 'week' ? 'a week' : 'a month';
  const paid =
    inventory.paidDropsPerPeriod > 0 ? `${inventory.paidDropsPerPeriod} paid drops ${per}` : 'proof drops only';
  return [`${inventory.movesPerPeriod} moves ${per}`, `${inventory.proofDropsPerPeriod} proof drops ${per}`, paid];
};

/** /advertiser/onboarding (spec 3 §2): hero, benefits, tier cards, how it works, and the working button. */
export function AdvertiserOnboardingPage() {
  const session = useSession();
  const navigate = useNavigate();
  const become = useBecomeAdvertiser();
  const user = session.user;

  const onBecome = () =>
    become.mutate(undefined, {
      onSuccess: () => navigate('/advertiser#converted'),
    });

  const action = !user ? (
    <ButtonLink to="/?error=auth_required">Sign in to become an advertiser</ButtonLink>
  ) : isAdvertiser(user) ? (
    <ButtonLink to="/advertiser">Go to your Advertiser Dashboard</ButtonLink>
  ) : (
    <Button onClick={onBecome} disabled={become.isPending}>
      {become.isPending ? 'Setting up your account…' : 'Become an Advertiser'}
    </Button>
  );

  return (
    <div className="ui-stack">
      <PageHeader
        title="Grow your brand with creators"
        subtitle="Reach real audiences through drops, sponsored content and campaigns, and pay only for what happens."
        actions={action}
      />
      {become.isError ? (
        <ErrorBox
          title={ADVERTISER_MESSAGES.becomeFailed}
          message={errorMessage(become.error, ADVERTISER_MESSAGES.becomeFailed)}
          onRetry={onBecome}
        />
      ) : null}
      <section className="ui-grid" aria-label="Benefits">
        {BENEFITS.map((benefit) => (
          <Card key={benefit.title} title={benefit.title}>
            <p>{benefit.text}</p>
          </Card>
        ))}
      </section>
      <section aria-label="Plans" className="ui-stack">
        <h2>Plans</h2>
        <div className="ui-grid">
          {TIERS.map((tier) => (
            <Card key={tier} title={tierLabel(tier)}>
              <ul>
                {inventoryLine(tier).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </section>
      <section aria-label="How it works" className="ui-stack">
        <h2>How it works</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
