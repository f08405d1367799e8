/**
 * The currency statistic figures are valued in: the ledger's first operating_currency option.
 *
 * Spec silent on a ledger without the option; choice: the currency of the most Assets/Liabilities
 * posting rows (ties by name), so a dashboard still shows one total instead of failing; a ledger
 * without such postings uses USD (there is nothing to value then). Computed once per snapshot.
 */
import type { Snapshot } from '../../../engine/ledger/snapshot';

const cache = new WeakMap<Snapshot, string>();

export function operatingCurrency(snapshot: Snapshot): string {
  const first = snapshot.options.operatingCurrencies[0];
  if (first) return first;
  let c = cache.get(snapshot);
  if (c === undefined) {
    const counts = new Map<string, number>();
    for (const p of snapshot.postings) {
      const a = p.account;
      if (a.startsWith('Assets:') || a.startsWith('Liabilities:') || a === 'Assets' || a === 'Liabilities') {
        counts.set(p.units.currency, (counts.get(p.units.currency) ?? 0) + 1);
      }
    }
    c = 'USD';
    let best = 0;
    for (const [cur, n] of counts) if (n > best || (n === best && cur < c)) [c, best] = [cur, n];
    cache.set(snapshot, c);
  }
  return c;
}
