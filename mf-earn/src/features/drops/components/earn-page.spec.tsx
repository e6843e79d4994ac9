import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { EarnPage } from './earn-page';
import { createDrop, fakeDropsApi } from './test-api';

const drops = [
  createDrop({ title: 'Clip the launch', description: 'A short clip', kind: 'proof', difficulty: 'easy' }),
  createDrop({
    title: 'Review headphones',
    description: 'Honest review',
    kind: 'paid',
    difficulty: 'hard',
    key_cost: 2,
    gem_reward_base: 50,
  }),
  createDrop({
    title: 'Share our post',
    description: 'Repost it',
    kind: 'move',
    difficulty: 'medium',
    move_cost_points: 10,
    key_reward_amount: 1,
  }),
];

const renderEarn = (route = '/earn', user = createUser()) =>
  renderWithPlatform(
    <Routes>
      <Route path="/earn" element={<EarnPage />} />
      <Route path="/task/:id" element={<p>detail page</p>} />
    </Routes>,
    { route, user },
  );

describe('Earn page', () => {
  it('lists drops as cards whose title and View Details open the drop', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: drops } });
    renderEarn();
    const card = await screen.findByRole('article', { name: 'Review headphones' });
    expect(within(card).getByRole('link', { name: 'Review headphones' })).toHaveAttribute(
      'href',
      `/task/${drops[1].id}`,
    );
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/task/${drops[1].id}`);
    expect(within(card).getByText('50 gems')).toBeInTheDocument();
    expect(within(card).getByText('2 keys to apply')).toBeInTheDocument();
    // Spec 2 §9: ROI = gem_reward_base / key_cost, on paid drops only.
    expect(within(card).getByText('ROI 25 gems per key')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Clip the launch' })).queryByText(/ROI/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More Filters' })).toBeInTheDocument();
  });

  it('searches title and description, filters by type and difficulty, and says No drops found', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: drops } });
    renderEarn();
    await screen.findByRole('article', { name: 'Clip the launch' });
    await userEvent.type(screen.getByLabelText('Search drops'), 'honest');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Review headphones',
    ]);
    await userEvent.clear(screen.getByLabelText('Search drops'));
    await userEvent.selectOptions(screen.getByLabelText('Drop type'), 'move');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Share our post']);
    await userEvent.selectOptions(screen.getByLabelText('Difficulty'), 'hard');
    expect(screen.getByRole('heading', { name: 'No drops found' })).toBeInTheDocument();
  });

  it('preselects ?type=proof', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: drops } });
    renderEarn('/earn?type=proof');
    await screen.findByRole('article', { name: 'Clip the launch' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('shows Create Drop to advertisers only', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: [] } });
    const { unmount } = renderEarn('/earn', createUser({ user_type: 'creator' }));
    await screen.findByRole('heading', { name: 'No drops found' });
    expect(screen.queryByRole('button', { name: 'Create Drop' })).not.toBeInTheDocument();
    unmount();
    renderEarn('/earn', createUser({ user_type: 'advertiser' }));
    expect(await screen.findByRole('button', { name: 'Create Drop' })).toBeInTheDocument();
  });

  it('opens the create dialog from ?create=paid with the paid defaults; switching kind resets the costs', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: [] } });
    renderEarn('/earn?create=paid', createUser({ user_type: 'advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Drop' });
    expect(within(dialog).getByLabelText('Key cost')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Gem reward')).toHaveValue(50);
    await userEvent.click(within(dialog).getByLabelText('Proof (free)'));
    expect(within(dialog).queryByLabelText('Key cost')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Paid'));
    expect(within(dialog).getByLabelText('Key cost')).toHaveValue(1);
  });

  it('ignores ?create= for users who are not advertisers', async () => {
    fakeDropsApi({ 'GET /api/drops': { body: [] } });
    renderEarn('/earn?create=paid', createUser({ user_type: 'creator' }));
    await screen.findByRole('heading', { name: 'No drops found' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
