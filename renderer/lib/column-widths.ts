/**
 * Column widths of the result table in `ch`, fixed for the whole result so columns do not jump
 * while virtual rows scroll in and out. Measured on a sample of rows (the first ones, then
 * evenly spread), since measuring a million cells would cost more than it gains.
 */
import type { Cell, QueryColumn } from '../../engine/api-types';
import { cellLines } from './cells';

export const MIN_WIDTH = 4;
export const MAX_WIDTH = 60;
const SAMPLE = 2000;

export function columnWidths(columns: readonly QueryColumn[], rows: readonly Cell[][]): number[] {
  const widths = columns.map((c) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, c.name.length + 2)));
  const step = rows.length <= SAMPLE ? 1 : rows.length / SAMPLE;
  for (let k = 0; k < Math.min(rows.length, SAMPLE); k++) {
    const row = rows[Math.floor(k * step)];
    for (let j = 0; j < columns.length; j++) {
      if (widths[j] >= MAX_WIDTH) continue;
      for (const line of cellLines(row[j], columns[j].type)) {
        if (line.length + 1 > widths[j]) widths[j] = Math.min(MAX_WIDTH, line.length + 1);
      }
    }
  }
  return widths;
}
