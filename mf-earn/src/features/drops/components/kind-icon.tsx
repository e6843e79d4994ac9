import type { Drop } from '../api/drops-api';
import { KIND_ICONS } from './drop-format';

/** The drop kind's icon (decorative: the kind's name is always written beside it). */
export function KindIcon({ kind, size = 16 }: { kind: Drop['kind']; size?: number }) {
  const Icon = KIND_ICONS[kind];
  return <Icon size={size} className="drop-kind-icon" />;
}
