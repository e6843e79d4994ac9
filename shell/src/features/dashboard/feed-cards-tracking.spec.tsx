import { setTelemetryTracker, type TelemetryBatch } from '@app/platform';
import { TelemetryTracker, renderWithPlatform } from '@app/platform/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FeedCard } from './feed-cards';
import type { FeedItem } from './feed-api';
import { feedContent, feedDrop } from './feed-test-data';

/** The feed's cards report impressions (half on screen, once per page view) and clicks through the platform tracker. */
describe('feed cards: impressions and clicks', () => {
  type Callback = (entries: Array<Partial<IntersectionObserverEntry>>) => void;
  let notify: Callback = () => undefined;

  beforeAll(() => {
    class FakeIntersectionObserver {
      constructor(handler: Callback) {
        notify = handler;
      }
      observe = () => undefined;
      unobserve = () => undefined;
      disconnect = () => undefined;
    }
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  });
  afterAll(() => setTelemetryTracker(undefined));

  it('sends one impression per card seen and a click when the title is opened', async () => {
    const batches: TelemetryBatch[] = [];
    const tracker = new TelemetryTracker({ send: async (batch) => (batches.push(batch), 'done') });
    setTelemetryTracker(tracker);
    const content = feedContent({ title: 'Morning routine' }) as unknown as FeedItem;
    const drop = feedDrop({ title: 'Clip our launch' }) as unknown as FeedItem;
    renderWithPlatform(
      <>
        <FeedCard item={content} />
        <FeedCard item={drop} />
      </>,
      { route: '/dashboard' },
    );
    const contentCard = screen.getByRole('article', { name: 'Morning routine' });
    const dropCard = screen.getByRole('article', { name: 'Clip our launch' });
    act(() =>
      notify([
        { target: contentCard, isIntersecting: true, intersectionRatio: 0.6 },
        { target: dropCard, isIntersecting: true, intersectionRatio: 0.3 },
      ]),
    );
    act(() =>
      notify([
        { target: contentCard, isIntersecting: true, intersectionRatio: 1 },
        { target: dropCard, isIntersecting: true, intersectionRatio: 0.9 },
      ]),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Morning routine' }));
    await tracker.flush();
    tracker.stop();
    const contentId = (content as Extract<FeedItem, { type: 'content' }>).content.id;
    const dropId = (drop as Extract<FeedItem, { type: 'drop' }>).drop.id;
    expect(batches.flatMap((batch) => batch.events.map((event) => [event.event_type, event.payload]))).toEqual([
      ['impression', { target_type: 'content', target_id: contentId }],
      ['impression', { target_type: 'drop', target_id: dropId }],
      ['click', { target_type: 'content', target_id: contentId }],
    ]);
  });
});
