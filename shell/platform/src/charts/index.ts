export { Chart, canDrawCharts } from './chart';
export type { ChartProps, ChartSeries } from './chart-data';
