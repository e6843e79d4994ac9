import { Badge, Button, Card, EmptyState, formatBalance, formatCount } from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import { Gem, Rocket, Sparkles, TrendingUp, Zap, type LucideIcon } from '@app/platform/icons';
import type { GrowthChannel, StakingPosition } from '@app/contracts/growth';
import { Suspense, lazy, useState } from 'react';
import { useChannels, usePositions, useWithdrawStake } from '../api/growth-api';
import { formatDate } from './projection';

// A form, fetched when a stake is started: the wallet's Overview shows the positions list of this file (issue 45).
const StakeDialog = lazy(() => import('./stake-dialog').then((module) => ({ default: module.StakeDialog })));

/** Channel icon keys of the ops catalogue; an unknown key falls back to a gem. */
const ICONS: Record<string, LucideIcon> = { sparkles: Sparkles, rocket: Rocket, 'trending-up': TrendingUp, zap: Zap };
const RISK_TONE = { low: 'success', medium: 'warning', high: 'danger' } as const;

function ChannelCard({ channel, onStake }: { channel: GrowthChannel; onStake(): void }) {
  const Icon = ICONS[channel.icon] ?? Gem;
  return (
    <article className={`growth-channel growth-channel--${channel.color}`} aria-label={channel.name}>
      <header className="ui-row">
        <Icon size={22} aria-hidden />
        <h3>{channel.name}</h3>
        <Badge tone={RISK_TONE[channel.risk_level]}>{channel.risk_level} risk</Badge>
      </header>
      <p className="ui-muted">{channel.description}</p>
      <dl className="growth-facts">
        <dt>Lock</dt>
        <dd>{channel.lock_period_days} days</dd>
        <dt>Multiplier</dt>
        <dd>×{channel.base_multiplier}</dd>
        <dt>Expected APR</dt>
        <dd>{channel.expected_apr}%</dd>
        <dt>Limits</dt>
        <dd>
          {formatCount(channel.min_amount)}–{formatCount(channel.max_amount)} gems
        </dd>
        <dt>Participants</dt>
        <dd>{formatCount(channel.participant_count)}</dd>
        <dt>Deposited</dt>
        <dd>{formatBalance(channel.total_deposited)} gems</dd>
      </dl>
      <ul className="growth-features">
        {channel.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button onClick={onStake}>Stake</Button>
    </article>
  );
}

export function PositionsList({ positions }: { positions: readonly StakingPosition[] }) {
  const withdraw = useWithdrawStake();
  const toast = useToast();
  if (positions.length === 0)
    return <EmptyState title="No stakes yet" message="Stake gems in a channel to earn daily rewards." />;
  return (
    <ul className="ui-list" aria-label="Your stakes">
      {positions.map((position) => (
        <li key={position.id} className="ui-list__item growth-position">
          <div>
            <strong>{position.channel_name}</strong> · {formatBalance(position.amount)} gems · ×{position.multiplier}
            <div className="ui-muted">
              Earned {formatBalance(position.earned_so_far)} of {formatBalance(position.projected_total_reward)} gems ·
              unlocks {formatDate(position.lock_until)}
            </div>
          </div>
          {position.status === 'withdrawable' ? (
            <Button
              size="small"
              busy={withdraw.isPending && withdraw.variables === position.id}
              onClick={() =>
                withdraw.mutate(position.id, {
                  onSuccess: (answer) => toast.show({ title: answer.message, variant: 'success' }),
                  onError: (error) => toast.show({ title: error.message, variant: 'error' }),
                })
              }
            >
              Withdraw
            </Button>
          ) : (
            <Badge tone="accent">Locked</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ChannelsTab() {
  const channels = useChannels();
  const positions = usePositions();
  const [stakeIn, setStakeIn] = useState<string | null>(null);
  return (
    <div className="ui-stack">
      <QueryView
        query={channels}
        empty={<EmptyState title="No growth channels" message="Operations has not opened any staking channel." />}
        loadingLabel="Loading channels"
      >
        {(list) => (
          <>
            <div className="growth-grid">
              {list.map((channel) => (
                <ChannelCard key={channel.id} channel={channel} onStake={() => setStakeIn(channel.id)} />
              ))}
            </div>
            {stakeIn !== null ? (
              <Suspense fallback={null}>
                <StakeDialog
                  channels={list}
                  channelId={stakeIn}
                  open
                  onOpenChange={(open) => !open && setStakeIn(null)}
                />
              </Suspense>
            ) : null}
          </>
        )}
      </QueryView>
      <Card title="Your stakes">
        <QueryView query={positions} loadingLabel="Loading stakes">
          {(list) => <PositionsList positions={list} />}
        </QueryView>
      </Card>
    </div>
  );
}
