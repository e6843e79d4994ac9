import { installFakeApi } from '../../testing/fake-api';
import { renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { feedContent } from '../dashboard/feed-test-data';
import TestContentPage from './test-content-page';

const renderPage = (id: string) =>
  renderWithPlatform(
    <Routes>
      <Route path="/test-content/:id" element={<TestContentPage />} />
    </Routes>,
    { route: `/test-content/${id}`, user: null },
  );

describe('/test-content/:id', () => {
  it('shows the content the API answers, its figures and the raw JSON', async () => {
    const { content } = feedContent({ id: 'c42', title: 'Debug me', likes_count: 3 });
    installFakeApi().on('GET /api/content/c42', { body: content });
    renderPage('c42');
    const facts = await screen.findByLabelText('Content facts');
    expect(within(facts).getByText('Debug me')).toBeInTheDocument();
    expect(within(facts).getByText(/80 of 100 available at \$0.0100/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the content page' })).toHaveAttribute('href', '/content/c42');
    expect(screen.getByText(/"id": "c42"/)).toBeInTheDocument();
  });

  it("says 'Content not found' for a 404 and offers a reload", async () => {
    installFakeApi().on('GET /api/content/missing', {
      status: 404,
      body: { error: 'Content not found', code: 'CONTENT_NOT_FOUND' },
    });
    renderPage('missing');
    expect(await screen.findByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getAllByText('Content not found').length).toBeGreaterThan(0);
  });
});
