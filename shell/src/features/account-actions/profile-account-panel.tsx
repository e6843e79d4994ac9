import { Button, Card } from '@app/platform';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LevelProgressCard } from './level-progress/components/level-progress';
import { ReferralCard } from './referral/components/referral-card';

const InfluenceRewardsDialog = lazy(() => import('./influence-rewards/components/influence-rewards-dialog'));
const ReferralProgramDialog = lazy(() => import('./referral/components/referral-program-dialog'));

export const OPEN_INFLUENCE_REWARDS_PARAMETER = 'openInfluenceRewards';

/**
 * The own profile's account part: level progress, the referral code (its Referral Program dialog) and influence
 * rewards. The query `?openInfluenceRewards=true` opens the influence rewards dialog and is then removed from the URL.
 */
export function ProfileAccountPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read on mount, before anything removes the parameter from the URL.
  const [influenceOpen, setInfluenceOpen] = useState(
    () => searchParams.get(OPEN_INFLUENCE_REWARDS_PARAMETER) === 'true',
  );
  const [referralOpen, setReferralOpen] = useState(false);

  useEffect(() => {
    if (searchParams.get(OPEN_INFLUENCE_REWARDS_PARAMETER) !== 'true') return;
    setInfluenceOpen(true);
    const next = new URLSearchParams(searchParams);
    next.delete(OPEN_INFLUENCE_REWARDS_PARAMETER);
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  return (
    <>
      <LevelProgressCard />
      <ReferralCard onOpen={() => setReferralOpen(true)} />
      <Card title="Influence Rewards">
        <p className="ui-muted">
          Earn followers × 0.01 points every month for the audience you bring (5,000 followers give 50 points).
        </p>
        <Button variant="secondary" onClick={() => setInfluenceOpen(true)}>
          Open Influence Rewards
        </Button>
      </Card>
      <Suspense fallback={null}>
        {influenceOpen ? <InfluenceRewardsDialog open onOpenChange={setInfluenceOpen} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        {referralOpen ? <ReferralProgramDialog open onOpenChange={setReferralOpen} /> : null}
      </Suspense>
    </>
  );
}
