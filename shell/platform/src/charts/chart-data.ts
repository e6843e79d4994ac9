/** One line or one set of bars: its name and its points (x is a label such as a day, y a plain number). */
export interface ChartSeries {
  name: string;
  points: ReadonlyArray<{ x: string; y: number }>;
}

export interface ChartProps {
  kind: 'line' | 'bar';
  /** Rendered as the figure's caption and names the data table for screen readers. */
  title: string;
  series: ChartSeries[];
  /** Formats y values on the axis, in the tooltip legend and in the data table (money: the caller's formatter). */
  formatY?: (value: number) => string;
  /** Height of the drawing in CSS pixels (default 200). */
  height?: number;
}

/** The series on one shared x axis: the labels in first-seen order, each series' value per label (null: no point). */
export interface AlignedData {
  labels: string[];
  values: Array<Array<number | null>>;
}

/**
 * Aligns the series on the union of their x labels (in the order they first appear), so two series with different
 * days still line up and the data table has one row per label. A label a series lacks is a gap, never a zero.
 */
export function alignSeries(series: readonly ChartSeries[]): AlignedData {
  const labels: string[] = [];
  const index = new Map<string, number>();
  for (const line of series) {
    for (const point of line.points) {
      if (!index.has(point.x)) {
        index.set(point.x, labels.length);
        labels.push(point.x);
      }
    }
  }
  const values = series.map((line) => {
    const row: Array<number | null> = labels.map(() => null);
    for (const point of line.points) row[index.get(point.x)!] = Number.isFinite(point.y) ? point.y : null;
    return row;
  });
  return { labels, values };
}

/** Indices of the x labels to print on the axis: about `count` of them, always including the last (newest) one. */
export function labelIndices(total: number, count: number): number[] {
  if (total <= 0) return [];
  const every = Math.max(1, Math.ceil(total / Math.max(1, count)));
  const indices: number[] = [];
  for (let i = total - 1; i >= 0; i -= every) indices.unshift(i);
  return indices;
}

export const defaultFormatY = (value: number): string => value.toLocaleString();

/** Series colours: distinguishable, dark enough on white for the lines (WCAG non-text contrast 3:1). */
export const CHART_COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#4d7c0f'];
