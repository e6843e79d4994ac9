import { formatBalance } from '@app/platform';

export interface ChartPoint {
  at: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 200;
const PADDING = { top: 12, right: 12, bottom: 28, left: 56 };

/** The ledger's days are UTC days, so they are labelled in UTC (a local zone would shift them by one). */
function dayLabel(at: string): string {
  return new Date(at).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * A line of the wallet's value over time, drawn as SVG (a chart library would cost more than the remote's budget
 * allows for one line). The figure carries a table of the same numbers for screen readers.
 */
export function BalanceChart({ points, label }: { points: readonly ChartPoint[]; label: string }) {
  const values = points.map((point) => point.value);
  const maximum = Math.max(...values, 0);
  const minimum = Math.min(...values, 0);
  const range = maximum - minimum || 1;
  const innerWidth = WIDTH - PADDING.left - PADDING.right;
  const innerHeight = HEIGHT - PADDING.top - PADDING.bottom;
  const x = (index: number) => PADDING.left + (points.length > 1 ? (innerWidth * index) / (points.length - 1) : innerWidth / 2);
  const y = (value: number) => PADDING.top + innerHeight - ((value - minimum) / range) * innerHeight;
  // About six date labels, counted back from the newest point so "now" always has one.
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.value).toFixed(1)}`).join(' ');
  return (
    <figure className="wallet-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1={PADDING.left} x2={WIDTH - PADDING.right} y1={y(minimum)} y2={y(minimum)} className="wallet-chart__axis" />
        <text x={PADDING.left - 6} y={y(maximum) + 4} textAnchor="end" className="wallet-chart__tick">
          {formatBalance(maximum)}
        </text>
        <text x={PADDING.left - 6} y={y(minimum) + 4} textAnchor="end" className="wallet-chart__tick">
          {formatBalance(minimum)}
        </text>
        <path d={path} className="wallet-chart__line" fill="none" />
        {points.map((point, index) => (
          <g key={index}>
            <circle cx={x(index)} cy={y(point.value)} r={points.length > 12 ? 2 : 3.5} className="wallet-chart__dot" />
            {(points.length - 1 - index) % labelEvery === 0 ? (
              <text x={x(index)} y={HEIGHT - 8} textAnchor="middle" className="wallet-chart__tick">
                {dayLabel(point.at)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <table className="ui-visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={index}>
              <td>{dayLabel(point.at)}</td>
              <td>{formatBalance(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
