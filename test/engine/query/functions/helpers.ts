/**
 * Test helpers: call a registered function the way the executor will (resolve the overload
 * from argument types, NULL argument -> NULL without calling, widen ints to decimals), and
 * build small fake snapshots by hand (no ledger loading).
 */
import { Dec } from '../../../../engine/decimal';
import { parseDate, type DayNum } from '../../../../engine/dates';
import type { Meta, MetaEntry, OpenAst, CloseAst, CommodityAst, SourceRef } from '../../../../engine/ledger/ast';
import type { AccountInfo, Amount, Cost, Position, PriceMap, Snapshot } from '../../../../engine/ledger/snapshot';
import { resolveOverload, type FnContext, type RowMeta } from '../../../../engine/query/functions/registry';
import { toDec, type TypeName, type Value } from '../../../../engine/query/types';

export const d = (s: string): DayNum => {
  const v = parseDate(s);
  if (v === null) throw new Error('bad date ' + s);
  return v;
};
export const dec = (s: string): Dec => Dec.of(s);
export const amt = (n: string, c: string): Amount => ({ number: Dec.of(n), currency: c });
export const cost = (n: string, c: string, date: string, label: string | null = null): Cost => ({
  number: Dec.of(n),
  currency: c,
  date: d(date),
  label,
});
export const pos = (n: string, c: string, k: Cost | null = null): Position => ({ units: amt(n, c), cost: k });
export const meta = (...pairs: [string, string][]): Meta =>
  pairs.map(([key, text]): MetaEntry => ({ key, kind: 'string', text }));

const SRC: SourceRef = { file: '/x.bean', line: 1, column: 1, start: 0, end: 0 };

/** A price map over hand-written quotes: latest on or before the date, inverse quotes reciprocal. */
export function fakePrices(quotes: [date: string, base: string, quote: string, rate: string][]): PriceMap {
  const list = quotes.map(([dt, b, q, r]) => ({ date: d(dt), b, q, r: Dec.of(r) }));
  const find = (base: string, quote: string, date?: DayNum | null) => {
    let best: { date: DayNum; r: Dec } | null = null;
    for (const x of list) {
      if (date != null && x.date > date) continue;
      let r: Dec | null = null;
      if (x.b === base && x.q === quote) r = x.r;
      else if (x.b === quote && x.q === base) r = Dec.ONE.div(x.r);
      if (r !== null && (best === null || x.date >= best.date)) best = { date: x.date, r };
    }
    return best;
  };
  return {
    rate: (b, q, date) => find(b, q, date)?.r ?? null,
    rateDate: (b, q, date) => find(b, q, date)?.date ?? null,
    quotedAgainst: () => [],
  };
}

export interface FakeLedger {
  prices?: PriceMap;
  opens?: { account: string; date: string; meta?: Meta }[];
  closes?: { account: string; date: string }[];
  commodities?: { currency: string; date: string; meta?: Meta }[];
  budgetsOf?: (account: string, date: DayNum) => string[];
}

export function fakeSnapshot(f: FakeLedger = {}): Snapshot {
  const accounts = new Map<string, AccountInfo>();
  const info = (name: string): AccountInfo => {
    let a = accounts.get(name);
    if (!a) accounts.set(name, (a = { name, opens: [], closes: [], booking: 'STRICT' }));
    return a;
  };
  for (const o of f.opens ?? []) {
    const open: OpenAst = { type: 'open', account: o.account, currencies: [], booking: null, date: d(o.date), time: null, meta: o.meta ?? [], src: SRC };
    info(o.account).opens.push(open);
  }
  for (const c of f.closes ?? []) {
    const close: CloseAst = { type: 'close', account: c.account, date: d(c.date), time: null, meta: [], src: SRC };
    info(c.account).closes.push(close);
  }
  const commodities: CommodityAst[] = (f.commodities ?? []).map((c) => ({
    type: 'commodity',
    currency: c.currency,
    date: d(c.date),
    time: null,
    meta: c.meta ?? [],
    src: SRC,
  }));
  const snap = {
    priceMap: f.prices ?? fakePrices([]),
    accounts,
    commodities,
    budgets: { accountBudgets: f.budgetsOf ?? (() => []) },
  };
  return snap as unknown as Snapshot;
}

export function ctxOf(opts: { snapshot?: Snapshot; today?: string; meta?: Meta | null; entryMeta?: Meta | null } = {}): FnContext {
  const row: RowMeta = { meta: () => opts.meta ?? null, entryMeta: () => opts.entryMeta ?? null };
  return { snapshot: opts.snapshot ?? fakeSnapshot(), today: d(opts.today ?? '2024-06-15'), row_meta: row };
}

/** A typed argument. */
export type Arg = [TypeName, Value];

/** Calls a scalar function as the executor will; throws if no overload fits. */
export function call(name: string, args: Arg[], ctx: FnContext = ctxOf()): Value {
  const r = resolveOverload(name, args.map((a) => a[0]));
  if (!r) throw new Error(`no overload ${name}(${args.map((a) => a[0]).join(', ')})`);
  if (r.overload.aggregate) throw new Error(`${name} is an aggregate`);
  const values = args.map((a) => a[1]);
  if (values.some((v) => v === null)) return null;
  return r.overload.fn(
    values.map((v, i) => (r.widen[i] ? toDec(v as bigint) : v)),
    ctx,
  );
}

/** Runs an aggregate over rows of arguments (count(*) with `star`). */
export function aggregate(name: string, types: TypeName[], rows: Value[][], star = false, ctx: FnContext = ctxOf()): Value {
  const r = resolveOverload(name, types, star);
  if (!r || !r.overload.aggregate) throw new Error(`no aggregate ${name}(${types.join(', ')})`);
  const impl = r.overload.impl;
  let s = impl.init();
  for (const row of rows) {
    const args = row.map((v, i) => (r.widen[i] && v !== null ? toDec(v as bigint) : v));
    const next = impl.step(s, args, ctx);
    if (next !== undefined) s = next;
  }
  return impl.finish(s);
}

/** Short text of a value for assertions. */
export { toText } from '../../../../engine/query/values';
