import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import ErrorPage from './error-page';
import { errorReferenceCode } from './reference-code';

describe('error page', () => {
  it("derives an 'ERR-' + 8 hex reference from message, time and URL", () => {
    const code = errorReferenceCode('Card declined', '2026-01-01T00:00:00.000Z', 'http://localhost/error');
    expect(code).toMatch(/^ERR-[0-9A-F]{8}$/);
    expect(errorReferenceCode('Card declined', '2026-01-01T00:00:00.000Z', 'http://localhost/error')).toBe(code);
    expect(errorReferenceCode('Card declined', '2026-01-01T00:00:01.000Z', 'http://localhost/error')).not.toBe(code);
  });

  it('titles the page by the failing component and copies the reference', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter
        initialEntries={[
          `/error?data=${encodeURIComponent(JSON.stringify({ component: 'upload', message: 'Too large' }))}`,
        ]}
      >
        <ErrorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Upload Failed' })).toBeInTheDocument();
    expect(screen.getByText('Too large')).toBeInTheDocument();
    expect(screen.getByTestId('error-reference').textContent).toMatch(/^ERR-[0-9A-F]{8}$/);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('uses the action title for create_content and the generic title otherwise', () => {
    const { unmount } = render(
      <MemoryRouter
        initialEntries={[`/error?data=${encodeURIComponent(JSON.stringify({ action: 'create_content' }))}`]}
      >
        <ErrorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Content Creation Failed' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter initialEntries={['/error?code=X']}>
        <ErrorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
  });
});
