/**
 * Account and commodity directive functions (document 2 "Functions", Account and commodity
 * directives). They work on every table and read the snapshot: an account's directives are its
 * earliest open and earliest close, a currency's is its last commodity directive; an unknown
 * account or currency gives NULL. Metadata is the directive's own, not inherited.
 */
import type { DayNum } from '../../dates';
import type { CommodityAst, OpenAst } from '../../ledger/ast';
import type { Snapshot } from '../../ledger/snapshot';
import { makeSet, metaValue, metasOf } from '../values';
import { scalar } from './declare';
import type { FnContext, ScalarOverload } from './registry';

function earliest<T extends { date: DayNum }>(list: readonly T[]): T | null {
  let best: T | null = null;
  for (const d of list) if (best === null || d.date < best.date) best = d;
  return best;
}

function openOf(ctx: FnContext, account: string): OpenAst | null {
  const info = ctx.snapshot.accounts.get(account);
  return info ? earliest(info.opens) : null;
}

/** Last commodity directive per currency, built once per snapshot. */
const commodityIndex = new WeakMap<Snapshot, Map<string, CommodityAst>>();

function commodityOf(ctx: FnContext, currency: string): CommodityAst | null {
  let idx = commodityIndex.get(ctx.snapshot);
  if (!idx) {
    idx = new Map();
    for (const c of ctx.snapshot.commodities) idx.set(c.currency, c);
    commodityIndex.set(ctx.snapshot, idx);
  }
  return idx.get(currency) ?? null;
}

const commodityMetaValue = ([c, k]: [string, string], ctx: FnContext) => {
  const d = commodityOf(ctx, c);
  return d ? metaValue(d.meta, k) : null;
};
const commodityMetas = ([c]: [string], ctx: FnContext) => {
  const d = commodityOf(ctx, c);
  return d ? metasOf(d.meta) : null;
};

export const DIRECTIVES: readonly ScalarOverload[] = [
  scalar(
    'open_date(str) -> date',
    'date of open; NULL if none',
    ([a]: [string], ctx) => openOf(ctx, a)?.date ?? null,
    false,
  ),
  scalar(
    'close_date(str) -> date',
    'date of close; NULL while open',
    ([a]: [string], ctx) => {
      const info = ctx.snapshot.accounts.get(a);
      return info ? (earliest(info.closes)?.date ?? null) : null;
    },
    false,
  ),
  scalar(
    'open_meta(str, str) -> str',
    'a metadata value of the open directive; NULL if unset',
    ([a, k]: [string, string], ctx) => {
      const o = openOf(ctx, a);
      return o ? metaValue(o.meta, k) : null;
    },
    false,
  ),
  scalar(
    'open_meta(str) -> metas',
    'all its metadata: empty list if none, NULL if the account has no open directive',
    ([a]: [string], ctx) => {
      const o = openOf(ctx, a);
      return o ? metasOf(o.meta) : null;
    },
    false,
  ),
  scalar('commodity_meta(str, str) -> str', 'a metadata value of the commodity directive', commodityMetaValue, false),
  scalar('commodity_meta(str) -> metas', 'all metadata: empty list if none, NULL without a directive', commodityMetas, false),
  scalar('currency_meta(str, str) -> str', 'same as commodity_meta', commodityMetaValue, false),
  scalar('currency_meta(str) -> metas', 'same as commodity_meta', commodityMetas, false),
  scalar(
    'account_budgets(str, date) -> set',
    'budgets the account counts in at the date: those named by the budget metadata of its latest open on or before the date; empty before its first open',
    ([a, d]: [string, DayNum], ctx) => {
      // An account the ledger does not know is NULL like the other directive functions.
      if (!ctx.snapshot.accounts.has(a)) return null;
      return makeSet(ctx.snapshot.budgets.accountBudgets(a, d));
    },
    false,
  ),
];
