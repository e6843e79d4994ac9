import type { Query } from '@nestjs/cqrs';
import type { BusCommand, BusQuery } from '@app/contracts/platform';

/**
 * The buses answer a message declared in the contracts with its declared type, as they do for Nest's own `Query<T>`
 * and `Command<T>`: `queryBus.execute(new ListDropsQuery(filter))` is a `Promise<DropView[]>`.
 */
declare module '@nestjs/cqrs' {
  interface QueryBus {
    execute<TAnswer>(query: BusQuery<TAnswer>): Promise<TAnswer>;
  }
  interface CommandBus {
    execute<TResult>(command: BusCommand<TResult>): Promise<TResult>;
  }
}

/** A query however it is declared: Nest's `Query<T>` inside a module, or `BusQuery<T>` in the contracts. */
export type AnyQuery<TAnswer> = Query<TAnswer> | BusQuery<TAnswer>;
