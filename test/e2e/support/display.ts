/**
 * What the pages show for an amount: the number with its currency's display precision (GET
 * /api/commodities/display), grouping commas removed as the figure readers remove them. The
 * rounding itself is renderer/lib/display-precision.ts, unit-tested on hand-made values there.
 */
import type { CommodityDisplay } from '../../../engine/api-types';
import { roundDecimalText } from '../../../renderer/lib/display-precision';
import type { LedgerServer } from './server';

let table = new Map<string, CommodityDisplay>();

export async function loadDisplay(server: LedgerServer): Promise<void> {
  const r = await server.getJson('/api/commodities/display');
  if (r.status !== 200) throw new Error(`GET /api/commodities/display: ${r.status}`);
  table = new Map((r.body.data as CommodityDisplay[]).map((d) => [d.currency, d]));
}

/** The number as shown for `currency` (no grouping). */
export function shownNumber(number: string, currency: string): string {
  const d = table.get(currency);
  return d === undefined ? number : roundDecimalText(number, d.precision, d.rounding);
}

export const shownAmount = (a: { number: string; currency: string }): string => `${shownNumber(a.number, a.currency)} ${a.currency}`;
