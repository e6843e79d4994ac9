import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import EarnRoutes from './routes';

describe('mf_earn routes', () => {
  it('mounts the Earn list at /earn and the drop detail at /task/:id (the screens have their own specs)', async () => {
    answerApiCalls({ 'GET /api/drops': { body: [] } });
    const { unmount } = renderWithPlatform(<EarnRoutes />, { route: '/earn', user: createUser() });
    expect(await screen.findByRole('heading', { name: 'No drops found' })).toBeInTheDocument();
    unmount();
    answerApiCalls({});
    renderWithPlatform(<EarnRoutes />, { route: '/task/not-a-drop' });
    expect(await screen.findByRole('heading', { name: 'Invalid Drop ID' })).toBeInTheDocument();
  });

  it('loads the content screens at /create and /content/:id on demand', async () => {
    answerApiCalls({
      'GET /api/content/missing': { status: 404, body: { error: 'Content not found', code: 'CONTENT_NOT_FOUND' } },
    });
    const { unmount } = renderWithPlatform(<EarnRoutes />, { route: '/create', user: createUser() });
    expect(await screen.findByRole('tab', { name: 'Share Existing Content' })).toBeInTheDocument();
    unmount();
    renderWithPlatform(<EarnRoutes />, { route: '/content/missing', user: createUser() });
    expect(await screen.findByRole('heading', { name: 'Content not found' })).toBeInTheDocument();
  });

  it('renders Page Not Found for a path it does not own', () => {
    answerApiCalls({});
    renderWithPlatform(<EarnRoutes />, { route: '/earn-more/nothing' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
