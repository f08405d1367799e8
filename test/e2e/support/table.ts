/**
 * Reading the Query page's result table, and the text a cell of the API should show there.
 * The expected text is written here from the spec's cell encoding (not with the renderer's own
 * formatter), so a table that drops a digit or a currency fails. Grouping commas are the one
 * display liberty the table takes: they are removed before comparing.
 */
import { shownAmount } from './display';
import type { Locator, Page } from 'playwright-core';

export interface ShownTable {
  columns: string[];
  rows: string[][];
}

/** Header names and the cell texts (lines joined with `\n`) of every rendered row. */
export async function readResultTable(table: Locator): Promise<ShownTable> {
  return table.evaluate((el) => {
    const columns = [...el.querySelectorAll('[role=columnheader]')].map((h) => (h.textContent ?? '').trim());
    const rows = [...el.querySelectorAll('.body [role=row]')]
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .map((r) =>
        [...r.querySelectorAll('[role=cell]')].map((c) => {
          const lines = [...c.querySelectorAll('.line')].map((l) => (l.textContent ?? '').trim());
          return lines.length > 0 ? lines.join('\n') : (c.textContent ?? '').trim();
        }),
      );
    return { columns, rows };
  });
}

export function withoutGrouping(text: string): string {
  return text.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
}

interface AmountJson {
  number: string;
  currency: string;
}

interface PositionJson {
  units: AmountJson;
  cost: { number: string; currency: string; date: string | null; label: string | null } | null;
}

/** Beancount's way: `10 HOOL {518.73 USD, 2014-08-09, "lot"}`. */
function positionText(p: PositionJson): string {
  const units = shownAmount(p.units);
  if (p.cost === null) return units;
  let c = `${p.cost.number} ${p.cost.currency}`;
  if (p.cost.date !== null) c += `, ${p.cost.date}`;
  if (p.cost.label !== null) c += `, "${p.cost.label}"`;
  return `${units} {${c}}`;
}

/** Spec cell encoding -> plain display text, for the column types the e2e queries use. */
export function expectedCellText(cell: unknown, type: string): string {
  if (cell === null) return 'NULL';
  switch (type) {
    case 'int':
    case 'decimal':
    case 'str':
    case 'date':
      return String(cell);
    case 'amount': {
      return shownAmount(cell as AmountJson);
    }
    case 'position':
      return positionText(cell as PositionJson);
    case 'inventory': {
      // One line per currency; lots of one currency share it, joined with ', ' (the table's
      // documented choice in renderer/lib/cells.ts).
      const lines: string[] = [];
      let current: string | null = null;
      for (const p of (cell as { positions: PositionJson[] }).positions) {
        if (p.units.currency === current) lines[lines.length - 1] += `, ${positionText(p)}`;
        else lines.push(positionText(p));
        current = p.units.currency;
      }
      return lines.join('\n');
    }
    default:
      throw new Error(`expectedCellText: column type ${type} is not used in e2e queries`);
  }
}

/** The API result as the table should show it. */
export function expectedTable(result: { columns: { name: string; type: string }[]; rows: unknown[][] }): ShownTable {
  return {
    columns: result.columns.map((c) => c.name),
    rows: result.rows.map((r) => r.map((cell, i) => expectedCellText(cell, result.columns[i].type))),
  };
}

export function normalizeShown(t: ShownTable): ShownTable {
  return { columns: t.columns, rows: t.rows.map((r) => r.map(withoutGrouping)) };
}

/** Number of painted (non-transparent) pixels of a canvas. */
export async function paintedPixels(page: Page, canvasSelector: string): Promise<number> {
  return page.locator(canvasSelector).evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const ctx = canvas.getContext('2d');
    if (ctx === null || canvas.width === 0 || canvas.height === 0) return 0;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
    return n;
  });
}
