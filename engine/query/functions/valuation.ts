/**
 * Valuation functions (document 2 "Functions", Valuation, and its price rules): units, cost,
 * convert, value, getprice. Prices come from the snapshot's PriceMap (both directions, dated);
 * products are rounded to 28 significant digits. What cannot be converted stays as it was
 * (original currency kept), so an inventory may still hold several currencies.
 */
import { Dec, EXACT_PRODUCT_BELOW } from '../../decimal';
import type { DayNum } from '../../dates';
import type { Amount, Position, PriceMap } from '../../ledger/snapshot';
import { Inventory, positionCost } from '../inventory';
import { NO_RATES } from '../lot-groups';
import { scalar } from './declare';
import type { FnContext, ScalarOverload } from './registry';

/** Rate of one `base` in `quote`; 1 for the same currency (as Beancount's get_price). */
function rate(prices: PriceMap, base: string, quote: string, date: DayNum | null): Dec | null {
  return base === quote ? Dec.ONE : prices.rate(base, quote, date);
}

/**
 * Beancount's convert_amount: a direct price first; else, through `via` (the cost currency of
 * a position) in two steps, each product rounded to 28 digits; else the amount unchanged.
 */
export function convertAmount(
  prices: PriceMap,
  a: Amount,
  target: string,
  date: DayNum | null,
  via: string | null = null,
): Amount {
  if (a.currency === target) return a;
  const r = prices.rate(a.currency, target, date);
  if (r !== null) return { number: a.number.timesRounded(r), currency: target };
  if (via !== null && via !== target) {
    const r1 = rate(prices, a.currency, via, date);
    if (r1 !== null) {
      const r2 = rate(prices, via, target, date);
      if (r2 !== null) return { number: a.number.timesRounded(r1).timesRounded(r2), currency: target };
    }
  }
  return a;
}

/** convert(position): its units, with the cost currency as a possible intermediate step. */
export function convertPosition(prices: PriceMap, p: Position, target: string, date: DayNum | null): Amount {
  return convertAmount(prices, p.units, target, date, p.cost === null ? null : p.cost.currency);
}

/** Market value in the cost currency; not held at cost or no price: the units. */
export function valuePosition(prices: PriceMap, p: Position, date: DayNum | null): Amount {
  if (p.cost === null) return p.units;
  const r = rate(prices, p.units.currency, p.cost.currency, date);
  return r === null ? p.units : { number: p.units.number.timesRounded(r), currency: p.cost.currency };
}

/**
 * Fava's market value (get_market_value): a position held at cost is valued at the price of its
 * currency in the cost currency, and at its cost when there is no such price (so a lot bought
 * but never quoted is neither dropped nor left in units beside a converted total); a position
 * without cost stays in units. The statements and holdings read it; unpricedPosition says which
 * positions took the cost fallback, so pages can mark them.
 */
export function marketValuePosition(prices: PriceMap, p: Position, date: DayNum | null): Amount {
  if (p.cost === null) return p.units;
  const r = rate(prices, p.units.currency, p.cost.currency, date);
  return r === null ? positionCost(p) : { number: p.units.number.timesRounded(r), currency: p.cost.currency };
}

/** Held at cost and no price in the cost currency on the date: what marketValuePosition values at cost. */
export function isUnpriced(prices: PriceMap, p: Position, date: DayNum | null): boolean {
  return p.cost !== null && rate(prices, p.units.currency, p.cost.currency, date) === null;
}

/**
 * A price map that remembers its answers for one date: an inventory holds many lots of few
 * currencies, and each lot would otherwise search the same price series again.
 */
function memoRates(prices: PriceMap): PriceMap {
  const memo = new Map<string, Dec | null>();
  return {
    rate(base, quote, date) {
      const key = base + '\u0001' + quote;
      let r = memo.get(key);
      if (r === undefined) memo.set(key, (r = prices.rate(base, quote, date)));
      return r;
    },
    rateDate: (base, quote, date) => prices.rateDate(base, quote, date),
    quotedAgainst: (quote) => prices.quotedAgainst(quote),
  };
}

/**
 * How the lots of one units currency and cost currency are valued: the rates applied in turn,
 * each product rounded to 28 digits, into `into`; 'units': kept as units (no price); 'cost': at
 * the lot's own cost (market_value without a price).
 */
type Route = { readonly into: string; readonly rates: readonly Dec[] } | 'units' | 'cost';

/** The route of convertAmount (a direct rate, else two steps through the cost currency). */
function convertRoute(prices: PriceMap, currency: string, via: string | null, target: string, date: DayNum | null): Route {
  if (currency === target) return { into: target, rates: [] };
  const r = prices.rate(currency, target, date);
  if (r !== null) return { into: target, rates: [r] };
  if (via !== null && via !== target) {
    const r1 = rate(prices, currency, via, date);
    if (r1 !== null) {
      const r2 = rate(prices, via, target, date);
      if (r2 !== null) return { into: target, rates: [r1, r2] };
    }
  }
  return 'units';
}

/** The route of valuePosition (market value in the cost currency; at cost when `atCost`: marketValuePosition). */
function marketRoute(prices: PriceMap, currency: string, via: string | null, date: DayNum | null, atCost: boolean): Route {
  if (via === null) return 'units';
  const r = rate(prices, currency, via, date);
  return r !== null ? { into: via, rates: [r] } : atCost ? 'cost' : 'units';
}

/**
 * Values every lot of `inv` by its route and sums the results: the same as adding the per-position
 * function's amount for each position (convertPosition, valuePosition, marketValuePosition), in the
 * same order, so the sums and their decimal places are the same. A balance holds thousands of
 * lots of a few currencies (net worth at every graph point): the route is found once per
 * currency pair, and a lot's product is taken on its scaled integer without a Position, Amount
 * or Dec while it stays exact (under 28 digits, as timesRounded would keep it). A large
 * inventory is valued from its totals per currency pair when they assure the same sum
 * (lot-groups.ts); at cost without a price needs each lot's own cost, so it goes lot by lot.
 */
function valueLots(inv: Inventory, routeOf: (currency: string, via: string | null) => Route): Inventory {
  const grouped = inv.sumByGroups((currency, via) => {
    const route = routeOf(currency, via);
    return route === 'cost' ? null : route === 'units' ? { into: currency, rates: NO_RATES } : route;
  });
  if (grouped !== null) return grouped;
  const out = new Inventory();
  // A few lots (a cell of a grouped query) are not worth a memo.
  const routes = inv.size > 4 ? new Map<string, Map<string | null, Route>>() : null;
  inv.forEachLot((currency, cost, scaled, dp) => {
    const via = cost === null ? null : cost.currency;
    let route: Route | undefined;
    if (routes === null) route = routeOf(currency, via);
    else {
      let byVia = routes.get(currency);
      if (byVia === undefined) routes.set(currency, (byVia = new Map()));
      route = byVia.get(via);
      if (route === undefined) byVia.set(via, (route = routeOf(currency, via)));
    }
    if (route === 'units') {
      out.addUnitsScaled(currency, scaled, dp);
      return;
    }
    if (route === 'cost') {
      const c = Dec.fromScaled(scaled, dp).timesRounded(cost!.number);
      out.addUnitsScaled(cost!.currency, c.scaled, c.dp);
      return;
    }
    let s = scaled;
    let d = dp;
    const rates = route.rates;
    for (let i = 0; i < rates.length; i++) {
      const r = rates[i];
      const m = s * r.scaled;
      if (m < EXACT_PRODUCT_BELOW && m > -EXACT_PRODUCT_BELOW) {
        s = m;
        d += r.dp;
      } else {
        const x = Dec.fromScaled(s, d).timesRounded(r);
        s = x.scaled;
        d = x.dp;
      }
    }
    out.addUnitsScaled(route.into, s, d);
  });
  return out;
}

export function convertInventory(prices: PriceMap, inv: Inventory, target: string, date: DayNum | null): Inventory {
  return valueLots(inv, (currency, via) => convertRoute(prices, currency, via, target, date));
}

function valueInventory(prices: PriceMap, inv: Inventory, date: DayNum | null): Inventory {
  return valueLots(inv, (currency, via) => marketRoute(prices, currency, via, date, false));
}

function marketValueInventory(prices: PriceMap, inv: Inventory, date: DayNum | null): Inventory {
  return valueLots(inv, (currency, via) => marketRoute(prices, currency, via, date, true));
}

function unpricedInventory(prices: PriceMap, inv: Inventory, date: DayNum | null): Inventory {
  const out = new Inventory();
  const memo = inv.size > 4 ? memoRates(prices) : prices;
  inv.forEachPosition((p) => {
    if (isUnpriced(memo, p, date)) out.add(p);
  });
  return out;
}

const pm = (ctx: FnContext): PriceMap => ctx.snapshot.priceMap;

export const VALUATION: readonly ScalarOverload[] = [
  scalar('units(position) -> amount', 'units without cost', ([p]: [Position]) => p.units),
  scalar('units(inventory) -> inventory', 'units of every position; lots of one currency merge', ([i]: [Inventory]) =>
    i.units(),
  ),
  scalar(
    'cost(position) -> amount',
    'total cost (units x per-unit cost) in cost currency; no cost: its units',
    ([p]: [Position]) => positionCost(p),
  ),
  scalar('cost(inventory) -> inventory', 'cost of each position, summed per currency', ([i]: [Inventory]) => i.cost()),
  scalar(
    'convert(amount, str) -> amount',
    'to the currency at the latest price',
    ([a, c]: [Amount, string], ctx) => convertAmount(pm(ctx), a, c, null),
    false,
  ),
  scalar(
    'convert(amount, str, date) -> amount',
    'at latest price on or before the date',
    ([a, c, d]: [Amount, string, DayNum], ctx) => convertAmount(pm(ctx), a, c, d),
    false,
  ),
  scalar(
    'convert(position, str) -> amount',
    'units converted; cost is not used as a price but its currency can be an intermediate step',
    ([p, c]: [Position, string], ctx) => convertPosition(pm(ctx), p, c, null),
    false,
  ),
  scalar(
    'convert(position, str, date) -> amount',
    'as above at the date',
    ([p, c, d]: [Position, string, DayNum], ctx) => convertPosition(pm(ctx), p, c, d),
    false,
  ),
  scalar(
    'convert(inventory, str) -> inventory',
    'each position converted, summed',
    ([i, c]: [Inventory, string], ctx) => convertInventory(pm(ctx), i, c, null),
    false,
  ),
  scalar(
    'convert(inventory, str, date) -> inventory',
    'as above at the date',
    ([i, c, d]: [Inventory, string, DayNum], ctx) => convertInventory(pm(ctx), i, c, d),
    false,
  ),
  scalar(
    'value(position) -> amount',
    'market value in cost currency at the latest price; not held at cost or no price: its units',
    ([p]: [Position], ctx) => valuePosition(pm(ctx), p, null),
    false,
  ),
  scalar(
    'value(position, date) -> amount',
    'at the date',
    ([p, d]: [Position, DayNum], ctx) => valuePosition(pm(ctx), p, d),
    false,
  ),
  scalar(
    'value(inventory) -> inventory',
    'value of each position, summed',
    ([i]: [Inventory], ctx) => valueInventory(pm(ctx), i, null),
    false,
  ),
  scalar(
    'value(inventory, date) -> inventory',
    'at the date',
    ([i, d]: [Inventory, DayNum], ctx) => valueInventory(pm(ctx), i, d),
    false,
  ),
  scalar(
    'market_value(position) -> amount',
    'as value(position), but a position held at cost without a price is valued at its cost (as Fava does)',
    ([p]: [Position], ctx) => marketValuePosition(pm(ctx), p, null),
    false,
  ),
  scalar(
    'market_value(position, date) -> amount',
    'at the date',
    ([p, d]: [Position, DayNum], ctx) => marketValuePosition(pm(ctx), p, d),
    false,
  ),
  scalar(
    'market_value(inventory) -> inventory',
    'market value of each position, summed',
    ([i]: [Inventory], ctx) => marketValueInventory(pm(ctx), i, null),
    false,
  ),
  scalar(
    'market_value(inventory, date) -> inventory',
    'at the date',
    ([i, d]: [Inventory, DayNum], ctx) => marketValueInventory(pm(ctx), i, d),
    false,
  ),
  scalar(
    'unpriced(inventory, date) -> inventory',
    'the positions held at cost whose currency has no price in their cost currency on the date (those market_value values at cost), lots kept',
    ([i, d]: [Inventory, DayNum], ctx) => unpricedInventory(pm(ctx), i, d),
    false,
  ),
  scalar(
    'getprice(str, str) -> decimal',
    'latest price of one unit of the first currency in the second; NULL if none; currency names upper-cased',
    ([b, q]: [string, string], ctx) => rate(pm(ctx), b.toUpperCase(), q.toUpperCase(), null),
    false,
  ),
  scalar(
    'getprice(str, str, date) -> decimal',
    'latest price on or before the date',
    ([b, q, d]: [string, string, DayNum], ctx) => rate(pm(ctx), b.toUpperCase(), q.toUpperCase(), d),
    false,
  ),
  scalar(
    'price_date(str, str, date) -> date',
    'date of the price getprice(first, second, date) uses; NULL if none or the same currency; currency names upper-cased',
    ([b, q, d]: [string, string, DayNum], ctx) => {
      const [base, quote] = [b.toUpperCase(), q.toUpperCase()];
      return base === quote ? null : pm(ctx).rateDate(base, quote, d);
    },
    false,
  ),
];
