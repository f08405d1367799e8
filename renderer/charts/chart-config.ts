/**
 * Chart.js configurations for the three charts of the chart rule. This is the one place where a
 * decimal becomes a float (`toNumberForDisplay`), at the moment a point is handed to Chart.js;
 * tooltips and labels show the exact decimal text instead of the float.
 */
import type { ChartConfiguration } from 'chart.js';
import type {} from 'chartjs-chart-treemap';
import { dayNumber } from '../lib/day-number';
import { displayOf, formatNumberIn } from '../lib/display-precision';
import { formatDecimal } from '../lib/number-format';
import type { Bar, LinePoint, TreeNode } from '../lib/chart-rule';
import { cssVar } from './theme';
import { tickLabel, timeAxis } from './time-axis';

export const POSITIVE = '#3b7dd8';
/** Red is kept for bad news (a loss, an overspent budget), never for a sign alone. */
export const NEGATIVE = '#d04a3a';
/** A value below zero that is not bad news (a credit, a refund): same hue family, darker. */
export const BELOW_ZERO = '#1d4f91';
const GRID = 'rgba(128,128,128,0.2)';

/**
 * Tooltip text: the exact decimal rounded to the currency's display precision (as the tables
 * show it), with the currency; without a currency the exact text.
 */
export function valueText(exact: string, currency: string | null): string {
  return currency === null ? formatDecimal(exact) : `${formatNumberIn(exact, currency)} ${currency}`;
}

/**
 * An axis tick (a Chart.js float, a guide only): at most the currency's display precision
 * (2 places without a known currency), with the currency.
 */
export function axisText(v: number, currency: string | null): string {
  const places = currency === null ? 2 : (displayOf(currency)?.precision ?? 2);
  const text = v.toLocaleString('en-US', { maximumFractionDigits: places });
  return currency === null ? text : `${text} ${currency}`;
}

export function lineConfig(points: LinePoint[], currency: string | null): ChartConfiguration<'line'> {
  const exact = points.map((p) => p.value.toString());
  const days = points.map((p) => dayNumber(p.date));
  const axis = days.length > 0 ? timeAxis(Math.min(...days), Math.max(...days)) : null;
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: currency ?? 'value',
          data: points.map((p) => ({ x: dayNumber(p.date), y: p.value.toNumberForDisplay() })),
          borderColor: POSITIVE,
          backgroundColor: POSITIVE,
          pointRadius: points.length > 200 ? 0 : 2,
          borderWidth: 1.5,
          tension: 0,
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      normalized: true,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: {
        x: {
          type: 'linear',
          // Cut to the data; ticks on calendar boundaries (time-axis.ts), not round day numbers.
          min: axis?.min,
          max: axis?.max,
          afterBuildTicks: (scale) => {
            if (axis !== null) scale.ticks = axis.ticks.map((value) => ({ value }));
          },
          ticks: { callback: (v) => (axis === null ? '' : tickLabel(Number(v), axis.unit)), autoSkip: false, maxRotation: 0 },
          grid: { color: GRID },
        },
        y: { type: 'linear', ticks: { callback: (v) => axisText(Number(v), currency) }, grid: { color: GRID } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => (items.length > 0 ? points[items[0].dataIndex].date : ''),
            label: (item) => valueText(exact[item.dataIndex], currency),
          },
        },
      },
    },
  };
}

/** A missing group (no payee, no account) is a real bar, named in words rather than `NULL`. */
export function barLabel(label: string | null): string {
  return label === null ? '(none)' : label === '' ? '(empty)' : label;
}

export function barConfig(bars: Bar[], currency: string | null): ChartConfiguration<'bar'> {
  const exact = bars.map((b) => b.value.toString());
  return {
    type: 'bar',
    data: {
      labels: bars.map((b) => barLabel(b.label)),
      datasets: [
        {
          label: currency ?? 'value',
          data: bars.map((b) => b.value.toNumberForDisplay()),
          // A query result's sign is not news by itself: below zero is a darker blue, never red.
          backgroundColor: bars.map((b) => (b.value.isNeg() ? BELOW_ZERO : POSITIVE)),
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { ticks: { autoSkip: false, maxRotation: 60 }, grid: { display: false } },
        y: { ticks: { callback: (v) => axisText(Number(v), currency) }, grid: { color: GRID } },
      },
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => valueText(exact[item.dataIndex], currency) } } },
    },
  };
}

/** One leaf box of the treemap: an account's own value, under its top-level box. */
export interface TreemapRecord extends Record<string, unknown> {
  /** Top-level box (first shown component). */
  top: string;
  /** The rest of the account below the top box (the top's own name for the top's own value). */
  leaf: string;
  area: number;
  exact: string;
  account: string;
}

/**
 * Leaf records for chartjs-chart-treemap, grouped in two levels: the top-level accounts as
 * captioned boxes, the accounts below them as leaves named by the rest of their path
 * (`Y2024:US:Federal` under `Taxes`). Choice: the library repeats a box at every level for a
 * leaf shallower than the deepest one, which reads badly, so deeper levels are folded into
 * the leaf name instead of nested. A node with both its own value and children gets a leaf of
 * its own name, so its own part is visible (as Fava does). Zero values have no area: left out.
 */
export function treemapRecords(root: TreeNode): TreemapRecord[] {
  const records: TreemapRecord[] = [];
  function walk(node: TreeNode, top: string, rest: string[]): void {
    if (node.own !== null && !node.own.isZero()) {
      records.push({
        top,
        leaf: rest.length === 0 ? top : rest.join(':'),
        area: node.own.abs().toNumberForDisplay(),
        exact: node.own.toString(),
        account: node.account,
      });
    }
    for (const c of node.children) walk(c, top, [...rest, c.name]);
  }
  if (root.own !== null && root.account !== '') walk({ ...root, children: [] }, root.name, []);
  for (const c of root.children) walk(c, c.name, []);
  return records;
}

interface TreemapRaw {
  isLeaf?: boolean;
  _data?: { children?: TreemapRecord[]; label?: string; path?: string };
}

function leafRecords(raw: unknown): TreemapRecord[] {
  return ((raw as TreemapRaw)._data?.children ?? []) as TreemapRecord[];
}

export function treemapConfig(root: TreeNode, currency: string | null): ChartConfiguration<'treemap'> {
  const records = treemapRecords(root);
  const signOf = (raw: unknown): string => {
    const rs = leafRecords(raw);
    return rs.length > 0 && rs.every((r) => r.exact.startsWith('-')) ? BELOW_ZERO : POSITIVE;
  };
  return {
    type: 'treemap',
    data: {
      datasets: [
        {
          label: currency ?? 'value',
          tree: records,
          key: 'area',
          groups: ['top', 'leaf'],
          data: [],
          spacing: 1,
          borderWidth: 1,
          // Read at each draw: boxes separated and captions written in the theme's colours (dark mode).
          borderColor: () => cssVar('--surface', '#ffffff'),
          backgroundColor: (ctx) => ((ctx.raw as TreemapRaw)?.isLeaf ? signOf(ctx.raw) : 'rgba(128,128,128,0.15)'),
          captions: { display: true, color: () => cssVar('--text', '#1d2430'), font: { size: 12, weight: 'bold' } },
          labels: {
            display: true,
            color: '#fff',
            overflow: 'hidden',
            formatter: (ctx) => {
              const rs = leafRecords(ctx.raw);
              const name = (ctx.raw as TreemapRaw)._data?.label ?? '';
              return rs.length === 1 ? [name, valueText(rs[0].exact, currency)] : name;
            },
          },
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => {
              const rs = items.length > 0 ? leafRecords(items[0].raw) : [];
              return rs.length === 1 ? rs[0].account : ((items[0]?.raw as TreemapRaw)?._data?.path ?? '');
            },
            label: (item) => {
              const rs = leafRecords(item.raw);
              return rs.length === 1 ? valueText(rs[0].exact, currency) : '';
            },
          },
        },
      },
    },
  };
}
