/**
 * Keeps the per-currency display precision (renderer/lib/display-precision.ts) in step with the
 * served ledger: fetched at start and again after every reload, since a reload may add a
 * commodity directive or change how amounts are written. A failed fetch leaves the last table
 * (numbers then show as sent, or as before): formatting must never block a page.
 */
import { api } from '../api/instance';
import { subscribeToReloads } from '../api/events';
import { setCommodityDisplays } from '../lib/display-precision';

let started = false;
let latest = 0;

async function refresh(): Promise<void> {
  const ticket = ++latest;
  const r = await api().commodityDisplays();
  // An older answer arriving after a newer one must not win.
  if (r.ok && ticket === latest) setCommodityDisplays(r.data);
}

/** Starts keeping the table current; resolves once the first answer is in (or failed). */
export function startDisplayPrecision(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  subscribeToReloads((event) => {
    if (event === 'reload') void refresh();
  });
  return refresh();
}
