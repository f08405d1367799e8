/**
 * Typed cell rendering for the result table (spec 1, "Cell encoding"): a cell and its column
 * type become display lines. The column type decides the shape, since the JSON alone is
 * ambiguous (a str and a decimal are both strings).
 *
 * Display choices (spec silent):
 * - NULL shows as a dimmed `NULL` (the table marks it), so it differs from an empty string.
 * - A position is written like Beancount: `10 HOOL {518.73 USD, 2014-08-09, "lot"}`.
 * - An inventory has one line per currency; lots of one currency share that line, separated by
 *   `, `, so nothing of the inventory is hidden. An empty inventory is an empty cell.
 * - A set is its sorted elements joined with `, `; metas one `key: value` line per pair.
 */
import type { AmountJson, Cell, ColumnType, CostJson, InventoryJson, MetaPairJson, PositionJson } from '../../engine/api-types';
import { formatDecimal, isNegativeDecimal } from './number-format';
import { formatNumberIn } from './display-precision';

/** Units and values: with the currency's display precision (renderer/lib/display-precision.ts). */
export function formatAmount(a: AmountJson): string {
  return `${formatNumberIn(a.number, a.currency)} ${a.currency}`;
}

/** A per-unit price or cost number: every place kept (0.00123 USD is not 0.00). */
export function formatRate(a: AmountJson): string {
  return `${formatDecimal(a.number)} ${a.currency}`;
}

export function formatCost(c: CostJson): string {
  let s = `${formatDecimal(c.number)} ${c.currency}`;
  if (c.date !== null) s += `, ${c.date}`;
  if (c.label !== null) s += `, "${c.label}"`;
  return `{${s}}`;
}

export function formatPosition(p: PositionJson): string {
  const units = formatAmount(p.units);
  return p.cost === null ? units : `${units} ${formatCost(p.cost)}`;
}

/** One line per currency, positions of a currency joined with `, ` (positions arrive sorted by currency). */
export function inventoryLines(inv: InventoryJson): string[] {
  const lines: string[] = [];
  let current: string | null = null;
  for (const p of inv.positions) {
    const text = formatPosition(p);
    if (p.units.currency === current) lines[lines.length - 1] += `, ${text}`;
    else {
      lines.push(text);
      current = p.units.currency;
    }
  }
  return lines;
}

/** Number of display lines of a cell, without building them (used to size virtual rows). */
export function cellLineCount(cell: Cell, type: ColumnType): number {
  if (cell === null) return 1;
  if (type === 'inventory') {
    const ps = (cell as InventoryJson).positions;
    let n = 0;
    let current: string | null = null;
    for (let i = 0; i < ps.length; i++) {
      if (ps[i].units.currency !== current) {
        n++;
        current = ps[i].units.currency;
      }
    }
    return Math.max(1, n);
  }
  if (type === 'metas') return Math.max(1, (cell as MetaPairJson[]).length);
  return 1;
}

/** Display lines of a non-NULL cell (NULL gives ['NULL']; see isNullCell for styling). */
export function cellLines(cell: Cell, type: ColumnType): string[] {
  if (cell === null) return ['NULL'];
  switch (type) {
    case 'bool':
      return [cell ? 'TRUE' : 'FALSE'];
    case 'int':
      return [String(cell)];
    case 'decimal':
      return [formatDecimal(cell as string)];
    case 'set':
      return [(cell as string[]).join(', ')];
    case 'amount':
      return [formatAmount(cell as AmountJson)];
    case 'position':
      return [formatPosition(cell as PositionJson)];
    case 'inventory':
      return inventoryLines(cell as InventoryJson);
    case 'metas':
      return (cell as MetaPairJson[]).map((m) => `${m.key}: ${m.value}`);
    default:
      // str, date, interval and the null type: the text as sent.
      return [String(cell)];
  }
}

/** The whole cell as one text (for tooltips and copying). */
export function cellText(cell: Cell, type: ColumnType): string {
  return cellLines(cell, type).join('\n');
}

/** Numbers and number-bearing cells are right-aligned so their digits line up. */
export function isNumericType(type: ColumnType): boolean {
  return type === 'int' || type === 'decimal' || type === 'amount' || type === 'position' || type === 'inventory';
}

/** Sign of the number a cell shows, for colouring negative figures; null when not a single number. */
export function cellSign(cell: Cell, type: ColumnType): -1 | 1 | null {
  if (cell === null) return null;
  let n: string;
  if (type === 'int') return (cell as number) < 0 ? -1 : 1;
  if (type === 'decimal') n = cell as string;
  else if (type === 'amount') n = (cell as AmountJson).number;
  else if (type === 'position') n = (cell as PositionJson).units.number;
  else return null;
  return isNegativeDecimal(n) ? -1 : 1;
}
