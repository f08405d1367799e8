/**
 * Which budgets an account counts in, and when: the `budget` metadata of its open directives
 * (spec: every entry counts; the latest open on or before a date decides, so a reopening with
 * other budgets changes membership from then on and earlier postings stay where they were).
 */
import type { DayNum } from '../../dates';
import type { OpenAst } from '../ast';

export const BUDGET_META_KEY = 'budget';

/** One open of an account: from `from` on, the account counts in `budgets` (sorted, unique). */
interface MembershipSpan {
  from: DayNum;
  budgets: readonly string[];
}

const NONE: readonly string[] = Object.freeze([]);

export class BudgetMembership {
  /** Only accounts with at least one open naming a budget: most postings miss this map. */
  private readonly spans = new Map<string, MembershipSpan[]>();

  constructor(accounts: ReadonlyMap<string, { readonly opens: readonly OpenAst[] }>) {
    for (const [account, info] of accounts) {
      let named = false;
      const spans: MembershipSpan[] = [];
      for (const open of info.opens) {
        const names = budgetNames(open);
        if (names.length > 0) named = true;
        spans.push({ from: open.date, budgets: names });
      }
      if (!named) continue;
      // Stable: of two opens on one day the later written one is "the latest".
      spans.sort((a, b) => a.from - b.from);
      this.spans.set(account, spans);
    }
  }

  /** Budgets the account counts in at `date` (shared array: do not mutate). */
  at(account: string, date: DayNum): readonly string[] {
    const spans = this.spans.get(account);
    if (spans === undefined) return NONE;
    // Accounts are opened a handful of times at most: a backwards scan beats a binary search.
    for (let i = spans.length - 1; i >= 0; i--) if (spans[i].from <= date) return spans[i].budgets;
    return NONE;
  }

  /** Every budget name mentioned by any open, with the accounts naming it (sorted). */
  accountsByBudget(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [account, spans] of this.spans) {
      for (const span of spans) {
        for (const name of span.budgets) {
          let list = out.get(name);
          if (list === undefined) out.set(name, (list = []));
          if (list[list.length - 1] !== account) list.push(account);
        }
      }
    }
    for (const list of out.values()) {
      list.sort(compareText);
      dedupeSorted(list);
    }
    return out;
  }

  get isEmpty(): boolean {
    return this.spans.size === 0;
  }
}

function budgetNames(open: OpenAst): readonly string[] {
  let names: string[] | null = null;
  for (const entry of open.meta) {
    if (entry.key !== BUDGET_META_KEY || entry.text === '') continue;
    (names ??= []).push(entry.text);
  }
  if (names === null) return NONE;
  names.sort(compareText);
  dedupeSorted(names);
  return Object.freeze(names);
}

function dedupeSorted(list: string[]): void {
  let w = 0;
  for (let r = 0; r < list.length; r++) if (r === 0 || list[r] !== list[w - 1]) list[w++] = list[r];
  list.length = w;
}

/** Code-unit order, the order of names in every budget table. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
