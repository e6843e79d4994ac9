import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './tabs';

const items = [
  { value: 'overview', label: 'Overview', content: <p>Overview content</p> },
  { value: 'history', label: 'History', content: <p>History content</p> },
];

describe('Tabs', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the first panel, labelled by its tab, and switches by click and by arrow key', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Wallet views" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Wallet views' })).toBeInTheDocument();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(panel).toHaveTextContent('Overview content');
    expect(overview).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('History content')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tabpanel', { name: 'History' })).toHaveTextContent('History content');
    expect(screen.queryByText('Overview content')).not.toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeInTheDocument();
  });

  it('follows a controlled value and reports the tab chosen', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    function Controlled() {
      const [value, setValue] = useState('history');
      return (
        <Tabs
          label="Views"
          items={items}
          value={value}
          onValueChange={(next) => {
            chosen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    // The primitives report a tab chosen by a press and again when it takes the focus.
    expect(new Set(chosen)).toEqual(new Set(['overview']));
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeInTheDocument();
  });

  it("mounts its panel without reading computed styles (a forced style recalculation in the page's commit)", () => {
    const computedStyle = jest.spyOn(window, 'getComputedStyle');
    render(<Tabs label="Views" items={items} />);
    // Checked before any role query: those read computed styles themselves (for visibility).
    expect(computedStyle).not.toHaveBeenCalled();
    expect(screen.getByText('Overview content')).toBeInTheDocument();
  });
});
