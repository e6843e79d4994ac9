// The signed-in frame reads the remotes manifest ahead of a click, but only once its first page has settled: the
// registry brings the federation runtime, which a shell page's first paint does not need.
import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { act, screen } from '@testing-library/react';
import AppLayout from './app-layout';

const remotesRegistry = jest.fn(() => Promise.resolve({}));
jest.mock('../../federation/remotes-registry', () => ({ remotesRegistry: () => remotesRegistry() }));

afterEach(() => {
  jest.useRealTimers();
  remotesRegistry.mockClear();
});

describe('the signed-in frame', () => {
  it('reads the remotes manifest five seconds after it mounts, not with the first page', async () => {
    jest.useFakeTimers();
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    renderWithPlatform(
      <AppLayout>
        <h1>Page</h1>
      </AppLayout>,
    );
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4900);
    });
    expect(remotesRegistry).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(remotesRegistry).toHaveBeenCalledTimes(1);
  });
});
