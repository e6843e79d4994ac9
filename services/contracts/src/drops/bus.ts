import { BusQuery } from '../platform/bus';
import type { DropKind } from './events';
import type { DropView } from './http';

export interface DropListFilter {
  type?: DropKind | null;
  creatorId?: string | null;
  limit: number;
  /** Who is asking (sandbox drops and real drops never meet); null for a visitor. */
  viewerId: string | null;
  /** Only drops open for applications (filtered after the limit: ask for a few more than you show). */
  activeOnly?: boolean;
  /** Wait (bounded) for the read model to pass the newest write first (default true; discovery lists skip it). */
  awaitWrites?: boolean;
}

/**
 * `queryBus.execute(new ListDropsQuery({ limit, viewerId, activeOnly }))` → drops as `GET /api/drops` lists them
 * (the home feed and public profiles compose them).
 */
export class ListDropsQuery extends BusQuery<DropView[]> {
  constructor(readonly filter: DropListFilter) {
    super();
  }
}
