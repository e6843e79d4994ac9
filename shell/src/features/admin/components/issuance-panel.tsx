import { Badge, Card, EmptyState } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useMemo, useState } from 'react';
import { type IssuanceReport, useIssuanceReport } from '../api/admin-api';

const RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

const COLOURS = [
  '#6366f1',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#0ea5e9',
  '#a855f7',
  '#84cc16',
  '#f97316',
  '#14b8a6',
  '#e11d48',
];

/** The range ends at the next UTC midnight, so today's issuance is in it and the query key stays the same all day. */
function rangeOf(days: number): { from: string; to: string } {
  const to = new Date();
  to.setUTCHours(24, 0, 0, 0);
  return { from: new Date(to.getTime() - days * 86_400_000).toISOString(), to: to.toISOString() };
}

/** Per day, the amount of `currency` issued under each reason: the chart's stacks. */
export function stacksOf(report: IssuanceReport, currency: string) {
  const reasons = [
    ...new Set(report.days.filter((row) => row.currency === currency).map((row) => row.reason_code)),
  ].sort();
  const byDay = new Map<string, Map<string, number>>();
  for (const row of report.days) {
    if (row.currency !== currency) continue;
    const day = byDay.get(row.day) ?? new Map<string, number>();
    day.set(row.reason_code, (day.get(row.reason_code) ?? 0) + row.amount);
    byDay.set(row.day, day);
  }
  const days = [...byDay.keys()].sort().map((day) => ({ day, amounts: byDay.get(day)! }));
  const largest = Math.max(
    0,
    ...days.map(({ amounts }) => [...amounts.values()].reduce((sum, amount) => sum + amount, 0)),
  );
  return { reasons, days, largest };
}

function Chart({ report, currency }: { report: IssuanceReport; currency: string }) {
  const { reasons, days, largest } = useMemo(() => stacksOf(report, currency), [report, currency]);
  if (days.length === 0)
    return <EmptyState title="Nothing issued" message={`No ${currency} came out of issuance in this range.`} />;
  const width = 640;
  const height = 220;
  const barWidth = Math.max(2, Math.floor(width / days.length) - 2);
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${currency} issued per day and reason`}>
        {days.map(({ day, amounts }, index) => {
          let top = height;
          return (
            <g key={day}>
              {reasons.map((reason, reasonIndex) => {
                const amount = amounts.get(reason) ?? 0;
                const barHeight = largest === 0 ? 0 : (amount / largest) * (height - 10);
                top -= barHeight;
                return (
                  <rect
                    key={reason}
                    x={index * (barWidth + 2)}
                    y={top}
                    width={barWidth}
                    height={barHeight}
                    fill={COLOURS[reasonIndex % COLOURS.length]}
                  >
                    <title>{`${day} ${reason}: ${amount} ${currency}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="admin-legend" aria-label="Reasons">
          {reasons.map((reason, index) => (
            <li key={reason}>
              <span
                className="admin-legend__swatch"
                style={{ background: COLOURS[index % COLOURS.length] }}
                aria-hidden="true"
              />{' '}
              {reason}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function Report({ report }: { report: IssuanceReport }) {
  const currencies: string[] = [...new Set(report.totals.map((row) => row.currency))].sort();
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  return (
    <div className="ui-stack">
      <label className="ui-field">
        <span className="ui-field__label">Currency</span>
        <select value={currency} onChange={(event) => setChosen(event.target.value)}>
          {currencies.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <Chart report={report} currency={currency} />
      <table className="admin-table">
        <caption>Totals per reason</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Currency</th>
            <th scope="col">Amount</th>
            <th scope="col">Credits</th>
            <th scope="col">Largest</th>
            <th scope="col">Documented</th>
          </tr>
        </thead>
        <tbody>
          {report.totals.map((row) => (
            <tr key={`${row.reason_code}-${row.currency}`}>
              <th scope="row">{row.reason_code}</th>
              <td>{row.currency}</td>
              <td>{row.amount}</td>
              <td>{row.credits}</td>
              <td>{row.largest}</td>
              <td>{row.documented ? 'yes' : <Badge tone="danger">not in the issuance table</Badge>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where new money came from: `ledgerIssuanceRoute` per day and reason, as a stacked bar chart. */
export function IssuancePanel() {
  const [days, setDays] = useState<number>(30);
  const range = useMemo(() => rangeOf(days), [days]);
  const query = useIssuanceReport(range);
  return (
    <Card title="Issuance per reason and day">
      <label className="ui-field">
        <span className="ui-field__label">Range</span>
        <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {RANGES.map((option) => (
            <option key={option.days} value={option.days}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <QueryView
        query={query}
        loadingLabel="Loading issuance"
        isEmpty={(report) => report.totals.length === 0}
        empty={<EmptyState title="Nothing issued" message="No credit came out of issuance in this range." />}
      >
        {(report) => <Report report={report} />}
      </QueryView>
    </Card>
  );
}
