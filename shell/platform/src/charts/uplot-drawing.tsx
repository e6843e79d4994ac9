// The canvas drawing of a Chart, in its own lazily loaded chunk: uPlot (about 50 kB minified) and its stylesheet
// are fetched the first time a chart is shown, never with a route's initial chunk.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_COLOURS, labelIndices, type AlignedData } from './chart-data';

export interface DrawingProps {
  kind: 'line' | 'bar';
  data: AlignedData;
  names: string[];
  formatY: (value: number) => string;
  height: number;
}

const MIN_WIDTH = 240;

function colourWithAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

function options(props: DrawingProps, width: number, format: () => (value: number) => string): uPlot.Options {
  const { kind, data, names, height } = props;
  const labels = data.labels;
  const bars = kind === 'bar' && uPlot.paths.bars ? uPlot.paths.bars : null;
  return {
    width,
    height,
    // Categories on x: index i is labels[i]; half a slot of margin so the first and last bars are whole.
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(labels.length - 1, 0) + 0.5] },
      y: kind === 'bar' ? { range: (_plot, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } : {},
    },
    axes: [
      {
        splits: () => labelIndices(labels.length, Math.max(2, Math.floor(width / 90))),
        values: (_plot, splits) => splits.map((split) => labels[split] ?? ''),
        grid: { show: false },
      },
      { values: (_plot, splits) => splits.map((split) => format()(split)), size: 72 },
    ],
    legend: { show: names.length > 1 },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: 'x', value: (_plot, value) => (value == null ? '' : (labels[value] ?? '')) },
      ...names.map((name, index): uPlot.Series => {
        const colour = CHART_COLOURS[index % CHART_COLOURS.length]!;
        return {
          label: name,
          stroke: colour,
          width: kind === 'bar' ? 1 : 2,
          fill: kind === 'bar' ? colourWithAlpha(colour, 0.55) : undefined,
          // Several bar series nest (each narrower than the one before) instead of hiding each other.
          paths: bars ? bars({ size: [0.7 * (1 - index / (names.length + 1)), 64] }) : undefined,
          points: { show: kind === 'line' && labels.length <= 31 },
          value: (_plot, value) => (value == null ? '–' : format()(value)),
        };
      }),
    ],
  };
}

export default function UplotDrawing(props: DrawingProps) {
  const container = useRef<HTMLDivElement>(null);
  // The formatter is read through a ref so a new function identity on every render does not rebuild the plot.
  const formatRef = useRef(props.formatY);
  formatRef.current = props.formatY;
  const dataKey = JSON.stringify([props.kind, props.data, props.names, props.height]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const width = () => Math.max(element.clientWidth, MIN_WIDTH);
    const plot = new uPlot(
      options(props, width(), () => formatRef.current),
      [props.data.labels.map((_label, index) => index), ...props.data.values] as uPlot.AlignedData,
      element,
    );
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => plot.setSize({ width: width(), height: props.height }))
        : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
    // dataKey stands for everything drawn; props is read inside only through it.
  }, [dataKey]);

  return <div ref={container} className="ui-chart__drawing" aria-hidden="true" />;
}
