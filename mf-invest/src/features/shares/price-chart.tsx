import { formatSharePrice } from '@app/platform';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 24, left: 64 };

/**
 * The item's daily closing price from real trades, drawn as SVG like the wallet's value chart (a chart library
 * would cost more than the remote's budget for one line). The table beside it carries the same numbers.
 */
export function PriceChart({ history }: { history: ReadonlyArray<{ date: string; price: number }> }) {
  if (history.length === 0) return <p className="ui-muted">No trades yet.</p>;
  const prices = history.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || high || 1;
  const x = (index: number) => PAD.left + (history.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (index * (WIDTH - PAD.left - PAD.right)) / (history.length - 1));
  const y = (price: number) => PAD.top + (1 - (price - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const points = history.map((point, index) => `${x(index).toFixed(1)},${y(point.price).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Price from $${formatSharePrice(history[0]!.price)} to $${formatSharePrice(history.at(-1)!.price)}`} className="price-chart">
      <text x={4} y={PAD.top + 4} fontSize={11}>
        ${formatSharePrice(high)}
      </text>
      <text x={4} y={HEIGHT - PAD.bottom} fontSize={11}>
        ${formatSharePrice(low)}
      </text>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} />
      {history.map((point, index) => (
        <circle key={point.date} cx={x(index)} cy={y(point.price)} r={3} fill="currentColor" />
      ))}
      <text x={PAD.left} y={HEIGHT - 6} fontSize={11}>
        {history[0]!.date}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize={11} textAnchor="end">
        {history.at(-1)!.date}
      </text>
    </svg>
  );
}
