// A chunk the first page loaded before its route renders is shown in the route's first commit, without its spinner:
// React.lazy alone suspends once even then, commits the spinner, and holds the page back up to 300 ms after it.
import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense, lazy } from 'react';
import { ArrivedChunk } from './arrived-chunks';

const pageModule = { default: () => <h1>The page</h1> };

function renderInSuspense(Page: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );
}

describe('a lazy chunk that has arrived', () => {
  it('renders in the first commit, without the spinner', async () => {
    const chunk = new ArrivedChunk(() => Promise.resolve(pageModule));
    await chunk.load();
    renderInSuspense(chunk.component());
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('is what React.lazy alone does not do: it shows the spinner first for a chunk already loaded', async () => {
    const load = () => Promise.resolve(pageModule);
    await load();
    renderInSuspense(lazy(load));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('suspends as React.lazy does while the chunk is still on its way, then shows it', async () => {
    let arrive: (module: typeof pageModule) => void = () => undefined;
    const chunk = new ArrivedChunk(() => new Promise<typeof pageModule>((resolve) => (arrive = resolve)));
    renderInSuspense(chunk.component());
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    arrive(pageModule);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('starts one download for the route and the first page alike, and remembers a failed one as not arrived', async () => {
    const loader = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(pageModule);
    const chunk = new ArrivedChunk(loader);
    await expect(chunk.load()).rejects.toThrow('offline');
    renderInSuspense(chunk.component());
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
