import { newEventId } from './event-id';

// Event ids are UUIDv7 so that they sort by creation time (cheap index inserts) and stay valid UUIDs for PostgreSQL.
describe('newEventId', () => {
  it('is a version 7, variant 1 UUID whose first 48 bits are the current Unix milliseconds', () => {
    const before = Date.now();
    const id = newEventId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const milliseconds = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(milliseconds).toBeGreaterThanOrEqual(before);
    expect(milliseconds).toBeLessThanOrEqual(after);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newEventId()));
    expect(ids.size).toBe(10_000);
  });
});
