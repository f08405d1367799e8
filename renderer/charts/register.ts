/**
 * Chart.js registration, once, with only what the Query page draws (keeps the bundle small):
 * line (linear x over day numbers, so dates are spaced by time without a date adapter), bar,
 * and the treemap of chartjs-chart-treemap, whose controller and element must be registered.
 */
import {
  BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { TreemapController, TreemapElement } from 'chartjs-chart-treemap';

let done = false;

export function registerCharts(): typeof Chart {
  if (!done) {
    Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, BarController, BarElement, Tooltip, TreemapController, TreemapElement);
    done = true;
  }
  return Chart;
}
