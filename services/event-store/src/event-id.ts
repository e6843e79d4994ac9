import { randomFillSync } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids generated in time order land
 * at the right edge of the unique index on `event_id` instead of on a random page, which keeps appends cheap.
 */
// Random bytes are drawn 4 KiB at a time: one system call per 256 ids instead of one per id.
const RANDOM_POOL_BYTES = 4096;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let randomPoolOffset = RANDOM_POOL_BYTES;

export function newEventId(): string {
  if (randomPoolOffset + 16 > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const bytes = Buffer.from(randomPool.subarray(randomPoolOffset, randomPoolOffset + 16));
  randomPoolOffset += 16;
  let milliseconds = Date.now();
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = milliseconds % 256;
    milliseconds = Math.floor(milliseconds / 256);
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
