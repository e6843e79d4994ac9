import { Logger } from '@nestjs/common';
import { z } from 'zod';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { applyReadableEvents } from '../../src/platform/projections/apply-readable-events';

const AmountSchema = z.object({ amount: z.number() });
const stored = (position: number, data: unknown) =>
  ({ type: 'AmountRecorded', position: BigInt(position), data }) as unknown as StoredEvent;
const transaction = {} as TransactionHandle;
const tables = { amounts: 'amounts' };

describe('applyReadableEvents', () => {
  it('applies every readable event in order and logs and skips one whose payload does not parse', async () => {
    const logger = new Logger('test');
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const applied: number[] = [];
    const handle = applyReadableEvents<'amounts'>(logger, async (_transaction, _tables, event) => {
      applied.push(AmountSchema.parse(event.data).amount);
    });
    await handle(
      [stored(1, { amount: 5 }), stored(2, { amount: 'five' }), stored(3, { amount: 7 })],
      transaction,
      tables,
    );
    expect(applied).toEqual([5, 7]);
    expect(logged).toHaveBeenCalledWith('Skipping unreadable AmountRecorded at position 2');
  });

  it('stops the batch on any other error', async () => {
    const applied: number[] = [];
    const handle = applyReadableEvents<'amounts'>(new Logger('test'), async (_transaction, _tables, event) => {
      if (event.position === 2n) throw new Error('connection lost');
      applied.push(Number(event.position));
    });
    await expect(handle([stored(1, {}), stored(2, {}), stored(3, {})], transaction, tables)).rejects.toThrow(
      'connection lost',
    );
    expect(applied).toEqual([1]);
  });
});
