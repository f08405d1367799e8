/**
 * Cost specs between braces and price annotations, as Beancount writes them:
 * `{}`, `{10 USD}`, `{{100 USD}}`, `{10 # 5 USD}`, `{10 USD, 2024-01-01, "lot"}` in any order,
 * `{*}`; `@ 12 USD`, `@@ 120 USD` (either part of a price may be missing, for interpolation).
 */
import type { Dec } from '../../decimal';
import type { CostSpec, PriceSpec } from '../ast';
import { SyntaxMessages as M } from '../errors';
import { AT, COMMA, HASH, LBRACE, QUOTE, RBRACE, STAR, isDigit, isUpper } from './chars';
import { isNumberStart, readNumberExpr } from './number-expr';
import type { Scanner } from './scanner';

export function readCost(sc: Scanner): CostSpec {
  const isTotal = sc.code(sc.pos + 1) === LBRACE;
  sc.pos += isTotal ? 2 : 1;
  const cost: CostSpec = { perUnit: null, total: null, currency: null, date: null, label: null, merge: false, isTotal };
  let sawAmount = false;
  let sawDate = false;
  let sawLabel = false;
  let needComponent = false;
  const closing = isTotal ? '"}}"' : '"}"';
  for (;;) {
    sc.ws();
    const c = sc.code();
    if (c === RBRACE && !needComponent) {
      if (isTotal && sc.code(sc.pos + 1) !== RBRACE) sc.fail(M.expected(closing, sc.describe()));
      sc.pos += isTotal ? 2 : 1;
      return cost;
    }
    const at = sc.pos;
    if (c === STAR) {
      if (cost.merge) sc.fail(M.duplicateCostPart('merge marker *'), at);
      cost.merge = true;
      sc.pos++;
    } else if (c === QUOTE) {
      if (sawLabel) sc.fail(M.duplicateCostPart('label'), at);
      sawLabel = true;
      cost.label = sc.readString();
    } else if (isDigit(c) && sc.matchDate(sc.pos) >= 0) {
      if (sawDate) sc.fail(M.duplicateCostPart('date'), at);
      sawDate = true;
      cost.date = sc.readDate();
    } else if (isNumberStart(sc) || c === HASH || isUpper(c)) {
      if (sawAmount) sc.fail(M.duplicateCostPart('amount'), at);
      sawAmount = true;
      readCompoundAmount(sc, cost);
    } else {
      sc.fail(M.expected(`a cost (number and currency, date, "label" or *) or ${closing}`, sc.describe()));
    }
    sc.ws();
    if (sc.code() === COMMA) {
      sc.pos++;
      needComponent = true;
    } else {
      needComponent = false;
      if (sc.code() !== RBRACE) sc.fail(M.expected(`"," or ${closing}`, sc.describe()));
    }
  }
}

/** `10 USD`, `10 # 5 USD`, `# 5 USD`, `USD`, `10` inside braces. */
function readCompoundAmount(sc: Scanner, cost: CostSpec): void {
  let per: Dec | null = null;
  let total: Dec | null = null;
  if (isNumberStart(sc)) {
    per = readNumberExpr(sc);
    sc.ws();
  }
  if (sc.code() === HASH) {
    if (cost.isTotal) sc.fail(M.totalCostWithHash());
    sc.pos++;
    sc.ws();
    if (isNumberStart(sc)) {
      total = readNumberExpr(sc);
      sc.ws();
    }
  }
  if (isUpper(sc.code())) cost.currency = sc.readCurrency();
  if (cost.isTotal) {
    // `{{100 USD}}`: the one number is the lot's total cost.
    cost.total = per;
  } else {
    cost.perUnit = per;
    cost.total = total;
  }
}

export function readPrice(sc: Scanner): PriceSpec {
  const isTotal = sc.code(sc.pos + 1) === AT;
  sc.pos += isTotal ? 2 : 1;
  sc.ws();
  let number: Dec | null = null;
  if (isNumberStart(sc)) {
    number = readNumberExpr(sc);
    sc.ws();
  }
  const currency = isUpper(sc.code()) ? sc.readCurrency() : null;
  return { number, currency, isTotal };
}
