/**
 * Budgets in Beancount files are custom directives; this turns them into the budget directive
 * types the zhang format writes natively:
 *   custom "budget" "Food" "USD"            -> budget
 *   custom "budget-add" "Food" 200 USD      -> budget-add
 *   custom "budget-transfer" "Food" "Fun" 50 USD -> budget-transfer
 *   custom "budget-close" "Food"            -> budget-close
 * The unquoted spelling `custom budget Food USD` reads the same.
 */
import { Dec } from '../../decimal';
import type { Amount, CustomAst, DirectiveAst, MetaEntry } from '../ast';
import { SyntaxMessages as M } from '../errors';

const CURRENCY_RE = /^[A-Z](?:[A-Z0-9'._-]{0,22}[A-Z0-9])?$/;
const BUDGET_KINDS = new Set(['budget', 'budget-add', 'budget-transfer', 'budget-close']);

/**
 * A project budget, not Fava's `custom "budget" Expenses:Food "monthly" 400 USD`: Fava's form
 * starts with an account (ours with a budget name), so the argument types tell them apart. Fava's
 * stay plain custom entries (engine/ledger/fava-budgets.ts reads them).
 */
export function isCustomBudget(d: CustomAst): boolean {
  return BUDGET_KINDS.has(d.name) && !isFavaBudget(d);
}

/**
 * Fava's budget line: `custom "budget" ACCOUNT "PERIOD" AMOUNT`. An account followed by just a
 * currency is still ours (a budget may be named like an account); anything else starting with an
 * account is Fava's, whose reader reports malformed ones.
 */
export function isFavaBudget(d: CustomAst): boolean {
  const v = d.values;
  if (d.name !== 'budget' || v.length === 0 || v[0].kind !== 'account') return false;
  return !(v.length === 2 && currencyOf(v[1]) !== null);
}

function nameOf(v: MetaEntry | undefined): string | null {
  return v && (v.kind === 'string' || v.kind === 'currency' || v.kind === 'account') && v.text !== '' ? v.text : null;
}

/** A currency written as a currency or as a string holding one (`"USD"`). */
function currencyOf(v: MetaEntry | undefined): string | null {
  if (!v || (v.kind !== 'currency' && v.kind !== 'string')) return null;
  return CURRENCY_RE.test(v.text) ? v.text : null;
}

function amountOf(v: MetaEntry | undefined): Amount | null {
  if (!v || v.kind !== 'amount') return null;
  const sp = v.text.indexOf(' ');
  const number = Dec.parse(v.text.slice(0, sp));
  return number ? { number, currency: v.text.slice(sp + 1) } : null;
}

/**
 * The budget directive a `custom "budget..."` stands for, or an error message when its
 * arguments do not fit.
 */
export function customToBudget(d: CustomAst): DirectiveAst | string {
  const { date, time, meta, src } = d;
  const v = d.values;
  switch (d.name) {
    case 'budget': {
      const name = nameOf(v[0]);
      const currency = currencyOf(v[1]);
      if (name === null || currency === null || v.length !== 2) return M.badCustomBudget(d.name, 'a budget name and a currency: custom "budget" "Food" "USD"');
      return { type: 'budget', date, time, meta, src, name, currency };
    }
    case 'budget-add': {
      const name = nameOf(v[0]);
      const amount = amountOf(v[1]);
      if (name === null || amount === null || v.length !== 2) return M.badCustomBudget(d.name, 'a budget name and an amount: custom "budget-add" "Food" 200 USD');
      return { type: 'budget-add', date, time, meta, src, name, amount };
    }
    case 'budget-transfer': {
      const from = nameOf(v[0]);
      const to = nameOf(v[1]);
      const amount = amountOf(v[2]);
      if (from === null || to === null || amount === null || v.length !== 3)
        return M.badCustomBudget(d.name, 'two budget names and an amount: custom "budget-transfer" "Food" "Fun" 50 USD');
      return { type: 'budget-transfer', date, time, meta, src, from, to, amount };
    }
    default: {
      const name = nameOf(v[0]);
      if (name === null || v.length !== 1) return M.badCustomBudget(d.name, 'a budget name: custom "budget-close" "Food"');
      return { type: 'budget-close', date, time, meta, src, name };
    }
  }
}
