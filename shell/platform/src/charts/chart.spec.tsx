import { render, screen, within } from '@testing-library/react';
import { Chart } from './chart';
import { alignSeries, labelIndices } from './chart-data';

describe('alignSeries', () => {
  it('puts every series on the union of the x labels, in first-seen order, with gaps (not zeros) where a series has no point', () => {
    const aligned = alignSeries([
      {
        name: 'Gems',
        points: [
          { x: 'Mon', y: 1 },
          { x: 'Tue', y: 2 },
        ],
      },
      {
        name: 'Gold',
        points: [
          { x: 'Tue', y: 5 },
          { x: 'Wed', y: 6 },
        ],
      },
    ]);
    expect(aligned).toEqual({
      labels: ['Mon', 'Tue', 'Wed'],
      values: [
        [1, 2, null],
        [null, 5, 6],
      ],
    });
  });

  it('treats a non-finite value as a gap', () => {
    expect(alignSeries([{ name: 'A', points: [{ x: 'a', y: Number.NaN }] }]).values).toEqual([[null]]);
  });
});

describe('labelIndices', () => {
  it('keeps about the asked number of labels and always the newest one', () => {
    expect(labelIndices(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelIndices(3, 6)).toEqual([0, 1, 2]);
    expect(labelIndices(0, 6)).toEqual([]);
  });
});

describe('Chart', () => {
  it('renders its title and the values in a table named by the title, formatted by formatY (jsdom: no drawing, no crash)', () => {
    render(
      <Chart
        kind="line"
        title="Wallet value"
        series={[
          {
            name: 'Value',
            points: [
              { x: 'Nov 1', y: 1200 },
              { x: 'Nov 2', y: 1500 },
            ],
          },
          { name: 'Staked', points: [{ x: 'Nov 2', y: 300 }] },
        ]}
        formatY={(value) => `${value} gems`}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Wallet value' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Wallet value' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Label', 'Value', 'Staked']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Nov 1', '1200 gems', '–'],
      ['Nov 2', '1500 gems', '300 gems'],
    ]);
  });

  it('renders a bar chart the same way', () => {
    render(
      <Chart kind="bar" title="Issued per day" series={[{ name: 'Gems', points: [{ x: '2026-11-01', y: 40 }] }]} />,
    );
    expect(
      within(screen.getByRole('table', { name: 'Issued per day' })).getByRole('cell', { name: '40' }),
    ).toBeInTheDocument();
  });

  it('says so when there is nothing to chart, keeping the title', () => {
    render(<Chart kind="line" title="Empty" series={[{ name: 'A', points: [] }]} />);
    expect(screen.getByRole('figure', { name: 'Empty' })).toHaveTextContent('No data to chart yet.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
