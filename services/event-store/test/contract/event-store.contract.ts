import type { EventStore } from '../../src/event-store.port';
import { appendContract } from './append-contract';
import type {
  EventStoreContractCapabilities,
  EventStoreContractContext,
  EventStoreContractFixture,
} from './contract-support';
import { readContract } from './read-contract';

export type { EventStoreContractCapabilities, EventStoreContractContext } from './contract-support';

/** The behaviour every EventStore adapter must show, run against each adapter's own spec file. */
export function runEventStoreContract(
  name: string,
  capabilities: EventStoreContractCapabilities,
  factory: () => Promise<EventStoreContractContext>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let context: EventStoreContractContext | undefined;
    const fixture: EventStoreContractFixture = {
      get store(): EventStore {
        if (!context) throw new Error('the adapter under test is not open yet');
        return context.store;
      },
      get context(): EventStoreContractContext {
        if (!context) throw new Error('the adapter under test is not open yet');
        return context;
      },
    };

    beforeAll(async () => {
      context = await factory();
    }, 60_000);

    afterAll(async () => {
      await context?.teardown();
    }, 30_000);

    appendContract(fixture, capabilities);
    readContract(name, fixture, capabilities);
  });
}
