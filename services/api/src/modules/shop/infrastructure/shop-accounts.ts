import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { SHOP_EVENT_SCHEMAS, SHOP_STREAM_PREFIX, type ShopEvent, type ShopEventType } from '@app/contracts/src/shop';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { AggregateStreams, type LoadedStream } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialShopAccount, type ShopAccountState } from '../domain/shop-account';

export function parseShopEvent(stored: Pick<StoredEvent, 'type' | 'data'>): ShopEvent {
  const schema = SHOP_EVENT_SCHEMAS[stored.type as ShopEventType];
  if (!schema) throw new Error(`Not a shop event type: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as ShopEvent;
}

export const shopAccountStreams = new AggregateStreams<ShopAccountState, ShopEvent>({
  streamPrefix: SHOP_STREAM_PREFIX,
  initial: initialShopAccount,
  evolve,
  parse: parseShopEvent,
});

@Injectable()
export class ShopAccounts {
  constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

  load(userId: string, transaction?: TransactionHandle): Promise<LoadedStream<ShopAccountState>> {
    return shopAccountStreams.load(this.eventStore, userId, transaction);
  }
}
