import { Badge, Card, trackClick, useTrackImpression } from '@app/platform';
import { Link } from 'react-router';
import type { Drop } from '../api/drops-api';
import { DIFFICULTY_TONES, KIND_LABELS, categoryLabel, participantsLabel, rewardPerKeyLabel } from './drop-format';
import { KindIcon } from './kind-icon';

/** A drop in the Earn list: image, title and View Details all open the drop detail page. */
export function DropCard({ drop }: { drop: Drop }) {
  const to = `/task/${drop.id}`;
  const perKey = rewardPerKeyLabel(drop);
  const target = { type: 'drop' as const, id: drop.id };
  const impressionRef = useTrackImpression(target);
  const opened = () => trackClick(target);
  return (
    <Card className="drop-card">
      <article ref={impressionRef} aria-label={drop.title} className="ui-stack">
        {drop.preview_image ? (
          <Link to={to} tabIndex={-1} aria-hidden="true" onClick={opened}>
            <img
              src={drop.preview_image}
              alt=""
              className="drop-card__image"
              style={{ maxWidth: '100%', borderRadius: 8 }}
            />
          </Link>
        ) : null}
        <div className="ui-row">
          <Badge tone="accent">
            <KindIcon kind={drop.kind} /> {KIND_LABELS[drop.kind]}
          </Badge>
          <Badge tone={DIFFICULTY_TONES[drop.difficulty]}>{drop.difficulty}</Badge>
          <Badge>{categoryLabel(drop.drop_type)}</Badge>
        </div>
        <h3>
          <Link to={to} onClick={opened}>
            {drop.title}
          </Link>
        </h3>
        <p className="ui-muted">{drop.description}</p>
        <div className="ui-row">
          {drop.kind === 'paid' ? <span>{drop.gem_reward_base} gems</span> : null}
          {perKey ? <Badge tone="success">ROI {perKey}</Badge> : null}
          {drop.kind === 'move' ? <span>{drop.key_reward_amount} keys reward</span> : null}
          <span className="ui-muted">
            {drop.kind === 'paid'
              ? `${drop.key_cost} keys to apply`
              : drop.kind === 'move'
                ? `${drop.move_cost_points} points to apply`
                : 'Free to apply'}
          </span>
          <span className="ui-muted">Participants {participantsLabel(drop)}</span>
        </div>
        <Link to={to} className="ui-button ui-button--secondary ui-button--small" onClick={opened}>
          View Details
        </Link>
      </article>
    </Card>
  );
}
