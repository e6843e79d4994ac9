import {
  Button,
  ButtonLink,
  formatBalance,
  greetingName,
  isAdvertiser,
  normaliseTier,
  tierLabel,
  tierMultiplier,
  useCurrentUser,
} from '@app/platform';
import { covers } from '@app/platform/app';
import { Bookmark, Flame, Gem, KeyRound, Sparkles } from '@app/platform/icons';
import { useState } from 'react';
import { SavedContentDialog } from './saved-content-dialog';
import { WelcomeHeading } from './welcome-heading';

/** Fewer gems than this and the banner's call to action is to buy more (spec 2 §2). */
export const LOW_GEMS = 10;

function CallToAction() {
  const user = useCurrentUser();
  if (!covers(user.gems_balance, LOW_GEMS, 'gems')) {
    return (
      <div className="welcome-banner__cta">
        <p>You have fewer than {LOW_GEMS} gems. Gems pay for tips, sponsorships and drop rewards.</p>
        <ButtonLink to="/gem-store">
          <Gem size={16} /> Buy gems
        </ButtonLink>
      </div>
    );
  }
  if (isAdvertiser(user)) {
    return (
      <div className="welcome-banner__cta">
        <p>Reach creators: post a drop or sponsor content from the feed.</p>
        <ButtonLink to="/earn?create=proof">Create a drop</ButtonLink>
      </div>
    );
  }
  return (
    <div className="welcome-banner__cta">
      <p>Share your next post and earn when people like, tip and fund it.</p>
      <ButtonLink to="/create">Create content</ButtonLink>
    </div>
  );
}

/** Tier, multiplier, streak, balances, the Saved tile and a call to action that fits the user. */
export function WelcomeBanner() {
  const user = useCurrentUser();
  const [savedOpen, setSavedOpen] = useState(false);
  const tier = normaliseTier(user.user_tier);
  const streak = typeof user.points_streak_days === 'number' ? user.points_streak_days : null;
  return (
    <section className="welcome-banner" aria-labelledby="welcome-title">
      <div className="welcome-banner__head">
        <WelcomeHeading name={greetingName(user) ?? 'there'} />
        <p className="ui-row">
          <span className="ui-badge ui-badge--accent">
            <Sparkles size={12} /> {tierLabel(tier)} tier · {tierMultiplier(tier)}x points
          </span>
          {streak !== null ? (
            <span className="ui-badge ui-badge--warning" data-testid="streak">
              <Flame size={12} /> {streak}-day streak
            </span>
          ) : null}
        </p>
      </div>
      <ul className="welcome-banner__tiles" aria-label="Your balances">
        <li className="ui-stat">
          <span className="ui-stat__label">Points</span>
          <span className="ui-stat__value" data-testid="balance-points_balance">
            {formatBalance(user.points_balance)}
          </span>
        </li>
        <li className="ui-stat">
          <span className="ui-stat__label">
            <KeyRound size={12} /> Keys
          </span>
          <span className="ui-stat__value" data-testid="balance-keys_balance">
            {formatBalance(user.keys_balance)}
          </span>
        </li>
        <li className="ui-stat">
          <span className="ui-stat__label">
            <Gem size={12} /> Gems
          </span>
          <span className="ui-stat__value" data-testid="balance-gems_balance">
            {formatBalance(user.gems_balance)}
          </span>
        </li>
        <li>
          <Button variant="secondary" className="welcome-banner__saved" onClick={() => setSavedOpen(true)}>
            <Bookmark size={16} /> Saved
          </Button>
        </li>
      </ul>
      <CallToAction />
      <SavedContentDialog open={savedOpen} onOpenChange={setSavedOpen} />
    </section>
  );
}
