import { act, render } from '@testing-library/react';
import { setTelemetryTracker } from './browser-telemetry';
import { reportServerErrorAnswer, resetClientErrorReporting } from './client-errors';
import { FLUSH_INTERVAL_MS, TelemetryTracker, type SendOutcome, type TelemetryBatch } from './tracker';
import { resetImpressionObserver, useTrackImpression, useTrackView } from './use-tracking';

/** What the transport was handed: batch id and event types, in order. */
function recordingTransport(outcomes: SendOutcome[] = []) {
  const sent: Array<{ id: string; types: string[] }> = [];
  const beaconed: Array<{ id: string; types: string[] }> = [];
  let beaconAccepts = true;
  let counter = 0;
  const tracker = new TelemetryTracker({
    sessionId: 'tab-1',
    newBatchId: () => `batch-${++counter}`,
    send: async (batch: TelemetryBatch) => {
      sent.push({ id: batch.id, types: batch.events.map((event) => event.event_type) });
      return outcomes.shift() ?? 'done';
    },
    beacon: (batch) => {
      if (!beaconAccepts) return false;
      beaconed.push({ id: batch.id, types: batch.events.map((event) => event.event_type) });
      return true;
    },
  });
  return { tracker, sent, beaconed, refuseBeacons: () => (beaconAccepts = false) };
}

const content = { type: 'content' as const, id: 'c1' };

describe('TelemetryTracker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('buffers events and sends them as one batch every 3 seconds, with the session id and the target payload', async () => {
    const { tracker, sent } = recordingTransport();
    const batches: TelemetryBatch[] = [];
    const spy = new TelemetryTracker({
      sessionId: 'tab-9',
      newBatchId: () => 'only',
      send: async (batch) => (batches.push(batch), 'done'),
    });
    tracker.click(content);
    tracker.view({ type: 'drop', id: 'd1', campaignId: 'camp-1' });
    await jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 1);
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ id: 'batch-1', types: ['click', 'view'] }]);
    // Nothing waiting: no empty batch on the next tick.
    await jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(1);

    spy.view({ type: 'drop', id: 'd1', campaignId: 'camp-1' });
    await spy.flush();
    expect(batches[0]!.events).toEqual([
      {
        session_id: 'tab-9',
        event_type: 'view',
        payload: { target_type: 'drop', target_id: 'd1', campaign_id: 'camp-1' },
        user_id: null,
      },
    ]);
    tracker.stop();
  });

  it('resends a failed batch with the same batch id, before newer events, until it goes through', async () => {
    const { tracker, sent } = recordingTransport(['retry', 'retry', 'done']);
    tracker.click(content);
    await jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    tracker.view(content);
    await jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(tracker.waiting).toEqual({ events: 0, batches: 2 });
    await jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toEqual([
      { id: 'batch-1', types: ['click'] },
      { id: 'batch-1', types: ['click'] },
      // Third try of batch-1 succeeds, then batch-2 (the view) goes in the same flush.
      { id: 'batch-1', types: ['click'] },
      { id: 'batch-2', types: ['view'] },
    ]);
    expect(tracker.waiting).toEqual({ events: 0, batches: 0 });
    tracker.stop();
  });

  it('treats a send that throws as a failure to retry, and never sends one batch twice at once', async () => {
    let release: (outcome: SendOutcome) => void = () => undefined;
    const calls: string[] = [];
    let first = true;
    const tracker = new TelemetryTracker({
      newBatchId: () => 'slow',
      send: (batch) => {
        calls.push(batch.id);
        if (first) {
          first = false;
          return Promise.reject(new Error('offline'));
        }
        return new Promise((resolve) => (release = resolve));
      },
    });
    tracker.click(content);
    await tracker.flush();
    expect(tracker.waiting.batches).toBe(1);
    const one = tracker.flush();
    const two = tracker.flush();
    release('done');
    await Promise.all([one, two]);
    expect(calls).toEqual(['slow', 'slow']);
    expect(tracker.waiting.batches).toBe(0);
  });

  it('cuts batches at 500 events', async () => {
    const { tracker, sent } = recordingTransport();
    for (let index = 0; index < 1_201; index += 1) tracker.track('scroll', { index });
    await tracker.flush();
    expect(sent.map((batch) => batch.types.length)).toEqual([500, 500, 201]);
    tracker.stop();
  });

  it('sends everything waiting by beacon when the page is hidden, failed batches with their ids; a refused beacon keeps the batch', async () => {
    const { tracker, sent, beaconed, refuseBeacons } = recordingTransport(['retry']);
    tracker.click(content);
    await tracker.flush();
    tracker.view(content);
    tracker.flushWithBeacon();
    expect(beaconed).toEqual([
      { id: 'batch-1', types: ['click'] },
      { id: 'batch-2', types: ['view'] },
    ]);
    expect(tracker.waiting).toEqual({ events: 0, batches: 0 });

    refuseBeacons();
    tracker.click(content);
    tracker.flushWithBeacon();
    expect(tracker.waiting.batches).toBe(1);
    await tracker.flush();
    expect(sent.at(-1)).toEqual({ id: 'batch-3', types: ['click'] });
    tracker.stop();
  });

  it('counts an impression once per element per page view', () => {
    const { tracker } = recordingTransport();
    const first = {};
    const second = {};
    tracker.impression(first, content);
    tracker.impression(first, content);
    tracker.impression(second, content);
    expect(tracker.waiting.events).toBe(2);
    tracker.pageView('/dashboard');
    tracker.impression(first, content);
    expect(tracker.waiting.events).toBe(4); // the page_view and the new page view's impression
    tracker.stop();
  });
});

describe('useTrackImpression and useTrackView', () => {
  type Callback = (entries: Array<Partial<IntersectionObserverEntry>>) => void;
  let callback: Callback = () => undefined;
  const observed = new Set<Element>();

  beforeEach(() => {
    resetImpressionObserver();
    observed.clear();
    class FakeIntersectionObserver {
      constructor(handler: Callback) {
        callback = handler;
      }
      observe = (element: Element) => observed.add(element);
      unobserve = (element: Element) => observed.delete(element);
      disconnect = () => observed.clear();
    }
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  });
  afterEach(() => setTelemetryTracker(undefined));

  function Card({ id }: { id: string }) {
    const ref = useTrackImpression<HTMLElement>({ type: 'content', id });
    return <article ref={ref}>{id}</article>;
  }
  function Detail({ id }: { id: string }) {
    useTrackView({ type: 'drop', id });
    return <p>{id}</p>;
  }

  it('sends an impression when half the card is on screen, once per page view, and a view per detail page', async () => {
    const batches: TelemetryBatch[] = [];
    const tracker = new TelemetryTracker({ send: async (batch) => (batches.push(batch), 'done') });
    setTelemetryTracker(tracker);
    const { getByText, rerender } = render(
      <>
        <Card id="c1" />
        <Detail id="d9" />
      </>,
    );
    const card = getByText('c1');
    expect(observed.has(card)).toBe(true);
    act(() => callback([{ target: card, isIntersecting: true, intersectionRatio: 0.2 }]));
    act(() => callback([{ target: card, isIntersecting: true, intersectionRatio: 0.8 }]));
    act(() => callback([{ target: card, isIntersecting: true, intersectionRatio: 1 }]));
    rerender(
      <>
        <Card id="c1" />
        <Detail id="d9" />
      </>,
    );
    await tracker.flush();
    tracker.stop();
    expect(batches[0]!.events.map((event) => [event.event_type, event.payload])).toEqual([
      ['view', { target_type: 'drop', target_id: 'd9' }],
      ['impression', { target_type: 'content', target_id: 'c1' }],
    ]);
  });
});

describe('client error reports', () => {
  afterEach(() => resetClientErrorReporting());

  // A report is sent once its route is loaded (a chunk of its own in the browser): let that settle before looking.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reports 500, 502, 503 and 504 answers (not other codes, not the report itself), at most 10 a minute', async () => {
    const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetchSpy = jest.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 201 });
    });
    const original = globalThis.fetch;
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    try {
      reportServerErrorAnswer('GET', '/api/drops/42', 502, 'BAD_GATEWAY');
      reportServerErrorAnswer('GET', '/api/drops/42', 404, 'DROP_NOT_FOUND');
      reportServerErrorAnswer('POST', '/api/logs/client-error', 503, undefined);
      await settled();
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe('/api/logs/client-error');
      expect(calls[0]!.body).toMatchObject({
        source: 'api-client',
        error: 'GET /api/drops/42 answered 502',
        responseStatus: 502,
        dropId: '42',
        errorDetails: { method: 'GET', path: '/api/drops/42', code: 'BAD_GATEWAY' },
      });
      for (let index = 0; index < 20; index += 1) reportServerErrorAnswer('GET', '/api/feed', 500, undefined);
      await settled();
      expect(calls).toHaveLength(10);
    } finally {
      globalThis.fetch = original;
    }
  });
});
