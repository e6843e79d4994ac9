import { SHOP_EVENT_SCHEMAS, SHOP_STREAM_PREFIX, type ShopEvent } from '@app/contracts/shop';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialShopAccount, type ShopAccountState } from '../domain/shop-account';

export const parseShopEvent = eventParser<ShopEvent>(SHOP_EVENT_SCHEMAS, 'shop');

export const shopAccountStreams = new AggregateStreams<ShopAccountState, ShopEvent>({
  streamPrefix: SHOP_STREAM_PREFIX,
  initial: initialShopAccount,
  evolve,
  parse: parseShopEvent,
});

/** Reads users' shop accounts (tier bought, gold purchases) from the event store. */
export class ShopAccounts extends AggregateReader(shopAccountStreams) {}
