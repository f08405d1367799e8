/**
 * Running units per account while the ledger is booked, and what balance assertions and pads
 * need from them:
 * - the actual balance of an assertion is the sum of units of the account and every sub-account
 *   in the asserted currency, before it (processing order);
 * - a `pad` serves the next assertion of each currency of its account: the padding transaction
 *   brings the account to the asserted amount, dated at the pad and placed right after it, so
 *   assertions processed between the pad and that assertion are corrected afterwards;
 * - an assertion passes when actual equals the asserted amount, or is within its `~` tolerance.
 */
import { Dec } from '../../decimal';
import type { Cost } from '../snapshot';
import { Holdings, type Lot } from './holdings';

export function isUnder(account: string, parent: string): boolean {
  return account === parent || (account.length > parent.length && account.startsWith(parent) && account.charCodeAt(parent.length) === 58);
}

export class Balances {
  private readonly byAccount = new Map<string, Holdings>();
  /** Accounts with holdings at or under each account name (every prefix of every account). */
  private readonly subtree = new Map<string, string[]>();

  get(account: string): Holdings | undefined {
    return this.byAccount.get(account);
  }

  private holdings(account: string): Holdings {
    let h = this.byAccount.get(account);
    if (h) return h;
    h = new Holdings();
    this.byAccount.set(account, h);
    let i = account.length;
    for (;;) {
      const prefix = account.slice(0, i);
      let list = this.subtree.get(prefix);
      if (!list) this.subtree.set(prefix, (list = []));
      list.push(account);
      i = account.lastIndexOf(':', i - 1);
      if (i <= 0) break;
    }
    return h;
  }

  add(account: string, currency: string, units: Dec, cost: Cost | null, lot?: Lot): void {
    this.holdings(account).add(currency, units, cost, lot);
  }

  /** An independent copy of every account's holdings (booking/resume.ts checkpoints). */
  clone(): Balances {
    const b = new Balances();
    for (const [a, h] of this.byAccount) b.byAccount.set(a, h.clone());
    for (const [p, list] of this.subtree) b.subtree.set(p, list.slice());
    return b;
  }

  /** Units of `currency` held by the account and its sub-accounts. */
  subtreeUnits(account: string, currency: string): Dec {
    const list = this.subtree.get(account);
    let sum = Dec.ZERO;
    if (!list) return sum;
    for (const a of list) {
      const u = this.byAccount.get(a)!.unitsOf(currency);
      if (u) sum = sum.plus(u);
    }
    return sum;
  }
}

/** Does `actual` satisfy an assertion of `asserted` (exact unless a tolerance is written)? */
export function assertionHolds(actual: Dec, asserted: Dec, tolerance: Dec | null): boolean {
  if (tolerance === null) return actual.eq(asserted);
  return actual.minus(asserted).abs().cmp(tolerance) <= 0;
}
