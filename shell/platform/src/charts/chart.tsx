import { lazy, Suspense, useId, useMemo } from 'react';
import { ErrorBoundary } from '../ui/error-boundary';
import { alignSeries, defaultFormatY, type ChartProps } from './chart-data';
import { useNearViewport } from './use-near-viewport';

// uPlot and its stylesheet load on first use, from whichever build provides the shared '@app/platform' (see README).
const UplotDrawing = lazy(() => import(/* webpackChunkName: "platform-chart" */ './uplot-drawing'));

let drawable: boolean | undefined;

/**
 * Whether this environment can draw on a canvas. jsdom (component tests) has neither matchMedia (which uPlot calls
 * when it loads) nor a 2D context, so there the chart is its title and data table only and uPlot is never loaded.
 */
export function canDrawCharts(): boolean {
  if (drawable !== undefined) return drawable;
  try {
    drawable =
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      document.createElement('canvas').getContext('2d') !== null;
  } catch {
    drawable = false;
  }
  return drawable;
}

/**
 * The one chart of the product: a line or bar chart drawn by uPlot, with its title always rendered and the same
 * numbers in a visually hidden table (screen readers, and tests in jsdom where nothing is drawn). A failure to load
 * or draw leaves the title and the table in place instead of breaking the page. uPlot is loaded and drawn once the
 * figure comes near the viewport: on a phone a chart below the first screen (the wallet's) kept its module evaluation
 * (~230-300 ms at 4x CPU) on the first page; the placeholder holds the drawing's height until then.
 */
export function Chart({ kind, title, series, formatY = defaultFormatY, height = 200 }: ChartProps) {
  const titleId = useId();
  const data = useMemo(() => alignSeries(series), [series]);
  const names = useMemo(() => series.map((line) => line.name), [series]);
  const empty = data.labels.length === 0;
  const [drawingArea, near] = useNearViewport();
  const placeholder = <div className="ui-chart__placeholder" style={{ height }} aria-hidden="true" />;
  return (
    <figure className="ui-chart" aria-labelledby={titleId} ref={drawingArea}>
      <figcaption id={titleId} className="ui-chart__title">
        {title}
      </figcaption>
      {empty ? (
        <p className="ui-chart__empty">No data to chart yet.</p>
      ) : !canDrawCharts() ? null : near ? (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={placeholder}>
            <UplotDrawing kind={kind} data={data} names={names} formatY={formatY} height={height} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        placeholder
      )}
      {empty ? null : (
        <table className="ui-visually-hidden" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Label</th>
              {names.map((name, index) => (
                <th scope="col" key={index}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.labels.map((label, row) => (
              <tr key={row}>
                <th scope="row">{label}</th>
                {data.values.map((values, column) => {
                  const value = values[row];
                  return <td key={column}>{value == null ? '–' : formatY(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
