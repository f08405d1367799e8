/**
 * Chart text and grid colours from the page's CSS variables (styles.css), read at each draw, so
 * charts follow the system's dark mode (`prefers-color-scheme`) like the rest of the page.
 */
import type { Chart } from 'chart.js';

/** A colour of the page's theme, read when called (so a scriptable chart option follows dark mode). */
export function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v === '' ? fallback : v;
}

export function applyChartTheme(chart: typeof Chart): void {
  chart.defaults.color = cssVar('--text', '#1d2430');
  chart.defaults.borderColor = cssVar('--border-light', '#e3e6eb');
}
