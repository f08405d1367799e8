/**
 * Chart.js registration, once, with only what the pages draw (keeps the bundle small): line
 * (linear x over day numbers, so dates are spaced by time without a date adapter), bar, the
 * treemap of chartjs-chart-treemap, whose controller and element must be registered, and the
 * legend (a click on a series' name hides or shows it).
 *
 * Chart.js is also left on `window.__chartJs`, so the browser tests read what a chart draws
 * (`__chartJs.getChart(canvas)`: axis range, tick dates, bar order, labels) rather than pixels.
 */
import {
  BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { TreemapController, TreemapElement } from 'chartjs-chart-treemap';
import { applyChartTheme } from './theme';

let done = false;

export function registerCharts(): typeof Chart {
  if (!done) {
    Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, BarController, BarElement, Tooltip, Legend, TreemapController, TreemapElement);
    (globalThis as unknown as { __chartJs?: typeof Chart }).__chartJs = Chart;
    done = true;
  }
  applyChartTheme(Chart);
  return Chart;
}
