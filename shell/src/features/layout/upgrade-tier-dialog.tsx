import { Button, ErrorBox, apiClient, formatBalance, isApiError, useSession } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';

type Tier = 'free' | 'premium' | 'super';
type PaymentMethod = 'points' | 'gems';
interface UpgradeOption {
  from: Tier;
  to: Tier;
  points: string;
  gems: string;
}

/** The spec's built-in costs (document 1 §9), used when the server does not answer with its own. */
export const defaultUpgradeCosts: UpgradeOption[] = [
  { from: 'free', to: 'premium', points: '7500', gems: '200' },
  { from: 'free', to: 'super', points: '15000', gems: '450' },
  { from: 'premium', to: 'super', points: '9000', gems: '275' },
];

const amount = z.union([z.number(), z.string()]).transform(String);
const upgradeCostsSchema = z.array(z.object({ from: z.enum(['free', 'premium', 'super']), to: z.enum(['free', 'premium', 'super']), points: amount, gems: amount }));

function normaliseTier(tier: string): Tier {
  return tier === 'premium' || tier === 'super' ? tier : 'free';
}

export default function UpgradeTierDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { user, refresh } = useSession();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const costs = useQuery({
    queryKey: ['upgrade-costs'],
    queryFn: async () => {
      try {
        return await apiClient().get('/api/users/upgrade-costs', { schema: upgradeCostsSchema });
      } catch {
        return defaultUpgradeCosts; // spec 1 §8: an upgrade-cost failure falls back to the built-in costs
      }
    },
  });
  const upgrade = useMutation({
    mutationFn: (input: { target_tier: Tier; payment_method: PaymentMethod }) => apiClient().post('/api/users/upgrade-tier', input),
    onSuccess: async (_result, input) => {
      toast.show({ title: `Upgraded to ${input.target_tier}`, variant: 'success' });
      await refresh();
      onOpenChange(false);
    },
    onError: (failure) => setError(isApiError(failure) && failure.code !== 'UNKNOWN_ERROR' ? failure.message : 'Upgrade failed'),
  });
  const current = normaliseTier(user?.user_tier ?? 'free');
  const options = (costs.data ?? []).filter((option) => option.from === current);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upgrade Your Tier" description={`You are on the ${current} tier.`}>
      {error ? <ErrorBox message={error} /> : null}
      {options.length === 0 && !costs.isPending ? <p>You are on the highest tier.</p> : null}
      <ul className="ui-list">
        {options.map((option) => (
          <li key={option.to} className="ui-list__item">
            <strong>{option.to.charAt(0).toUpperCase() + option.to.slice(1)}</strong>
            <div className="ui-row">
              <Button size="small" busy={upgrade.isPending} onClick={() => upgrade.mutate({ target_tier: option.to, payment_method: 'points' })}>
                {formatBalance(option.points)} points
              </Button>
              <Button size="small" variant="secondary" busy={upgrade.isPending} onClick={() => upgrade.mutate({ target_tier: option.to, payment_method: 'gems' })}>
                {formatBalance(option.gems)} gems
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
