/**
 * The booking walk: every directive once, in processing order, producing the booked ledger
 * (entries with seq, transactions and their posting rows, balance checks) and its errors.
 *
 * - Transactions are booked against the holdings before them (booking/transaction.ts); a
 *   transaction that cannot be completed is rejected: reported, and absent from every table.
 * - Postings are checked against the accounts' open periods and currency constraints.
 * - `pad` directives wait for the next assertion of each currency of their account; the padding
 *   transaction is inserted right after the pad. `balance ... with pad` pads in its own slot
 *   (among the balance records of its time) and is checked after them.
 * - Closing an Assets or Liabilities account that still holds units is reported.
 */
import { Dec } from '../../decimal';
import type { DayNum } from '../../dates';
import type { BalanceAst, DirectiveAst, PadAst, SourceRef, TransactionAst } from '../ast';
import { Errors, type LedgerError } from '../errors';
import { isPaddingSlot, padTimes, processingOrder, referenceOrder, referenceRank, type ReferenceKey } from '../order';
import type { BalanceCheck, Entry, LedgerOptions, Posting, PriceRow, Transaction, AccountInfo } from '../snapshot';
import type { Clock } from '../time';
import { AccountBook, accountError } from './accounts';
import { assertionHolds, Balances, isUnder } from './balances';
import type { Method } from './lots';
import { canonical } from './holdings';
import { bookTransaction } from './transaction';

export interface WalkInput {
  /** Directives in file order (plugin-made opens appended). */
  directives: readonly DirectiveAst[];
  options: LedgerOptions;
  clock: Clock;
  /** Id of a directive (entries, balance checks, transactions). */
  directiveId(d: DirectiveAst): string;
  /** Id of something generated from the directive at `src` (padding), told apart by `salt`. */
  idOf(src: SourceRef, salt: string): string;
  /** Collect implicit prices (plugin beancount.plugins.implicit_prices). */
  implicitPrices: boolean;
}

export interface WalkOutput {
  /** Processing order; `seq` = index. */
  entries: Entry[];
  referenceOrder: number[];
  transactions: Transaction[];
  postings: Posting[];
  balances: BalanceCheck[];
  /** Implicit prices made from postings, with the seq of their transaction. */
  implicitPrices: PriceRow[];
  accounts: Map<string, AccountInfo>;
  errors: LedgerError[];
}

interface PadState {
  pad: PadAst;
  /** The pad's block: its padding entries are appended after it. */
  block: Entry[];
  /** Position of the pad in processing order (slots). */
  k: number;
  time: number;
  served: Set<string>;
  used: boolean;
}

interface LoggedCheck {
  check: BalanceCheck;
  k: number;
}

function sortedUnique(xs: readonly string[]): string[] {
  if (xs.length < 2) return xs.slice();
  const out = xs.slice().sort();
  let k = 1;
  for (let i = 1; i < out.length; i++) if (out[i] !== out[k - 1]) out[k++] = out[i];
  out.length = k;
  return out;
}

function accountsOf(d: DirectiveAst): string[] {
  switch (d.type) {
    case 'transaction':
      return sortedUnique(d.postings.map((p) => p.account));
    case 'open':
    case 'close':
    case 'note':
    case 'document':
      return [d.account];
    case 'balance':
      return d.padAccount ? sortedUnique([d.account, d.padAccount]) : [d.account];
    case 'pad':
      return sortedUnique([d.account, d.source]);
    default:
      return [];
  }
}

export function walk(input: WalkInput): WalkOutput {
  const { directives, options, clock } = input;
  const errors: LedgerError[] = [];
  const order = processingOrder(directives);
  const padTime = padTimes(directives);

  const lifecycle = new AccountBook(
    (function* () {
      for (const slot of order) {
        if (isPaddingSlot(slot)) continue;
        const d = directives[slot >> 1];
        if (d.type === 'open' || d.type === 'close') yield d;
      }
    })(),
    options.bookingMethod as Method,
    errors,
  );
  const balances = new Balances();
  const ctx = {
    options,
    holdingsOf: (a: string) => balances.get(a),
    methodOf: (a: string) => lifecycle.method(a, currentDate),
  };
  let currentDate: DayNum = 0;

  const blocks: Entry[][] = [];
  const refKeys = new Map<Entry, ReferenceKey>();
  const activePads = new Map<string, PadState>();
  const allPads: PadState[] = [];
  const checkLog: LoggedCheck[] = [];
  const checks: BalanceCheck[] = [];
  const implicit: { row: PriceRow; txn: Transaction }[] = [];
  const implicitSeen = new Set<string>();
  const commoditySeen = new Set<string>();

  const entry = (d: DirectiveAst, id: string, time: number, txn: Transaction | null, ref: ReferenceKey): Entry => {
    const e: Entry = {
      type: d.type,
      id,
      seq: -1,
      ref: -1,
      date: d.date,
      time: clock.storedTime(d.date, time),
      timestamp: clock.timestamp(d.date, time),
      directive: d,
      txn,
      accounts: accountsOf(d),
    };
    refKeys.set(e, ref);
    return e;
  };

  const checkAccount = (site: { src: SourceRef; date: DayNum; txnId?: string | null }, account: string, into: string[] | null) => {
    const err = accountError(site, account, lifecycle.check(account, site.date));
    if (err) {
      errors.push(err);
      into?.push(err.kind);
    }
  };

  const makePadding = (
    date: DayNum,
    time: number,
    account: string,
    source: string,
    amount: Dec,
    currency: string,
    src: SourceRef,
    salt: string,
  ): { txn: Transaction; ast: TransactionAst } => {
    const narration = `pad ${source} to ${account}`;
    const ast: TransactionAst = {
      type: 'transaction',
      date,
      time,
      meta: [],
      src,
      flag: 'P',
      payee: 'Balance Pad',
      narration,
      tags: [],
      links: [],
      postings: [
        { flag: null, account, number: amount, currency, cost: null, price: null, meta: [], src },
        { flag: null, account: source, number: null, currency: null, cost: null, price: null, meta: [], src },
      ],
    };
    const txn: Transaction = {
      id: input.idOf(src, salt),
      seq: null,
      date,
      time: clock.storedTime(date, time),
      timestamp: clock.timestamp(date, time),
      flag: 'P',
      payee: 'Balance Pad',
      narration,
      tags: [],
      links: [],
      meta: [],
      postings: [],
      balanced: true,
      errors: [],
      src,
    };
    const units = { number: amount, currency };
    const neg = { number: amount.neg(), currency };
    txn.postings.push(
      { txn, index: 0, flag: null, account, units, cost: null, price: null, weight: units, meta: [], automatic: false },
      { txn, index: 1, flag: null, account: source, units: neg, cost: null, price: null, weight: neg, meta: [], automatic: true },
    );
    balances.add(account, currency, amount, null);
    balances.add(source, currency, amount.neg(), null);
    return { txn, ast };
  };

  /** Corrects assertions processed after position `k` for a padding placed at `k`. */
  const correctChecks = (k: number, account: string, source: string, currency: string, amount: Dec) => {
    for (let i = checkLog.length - 1; i >= 0 && checkLog[i].k > k; i--) {
      const c = checkLog[i].check;
      if (c.amount.currency !== currency) continue;
      let delta = Dec.ZERO;
      if (isUnder(account, c.account)) delta = delta.plus(amount);
      if (isUnder(source, c.account)) delta = delta.minus(amount);
      if (!delta.isZero()) c.actual = { number: c.actual.number.plus(delta), currency };
    }
  };

  const balanceCheck = (d: BalanceAst, time: number, k: number): BalanceCheck => {
    const currency = d.amount.currency;
    const active = activePads.get(d.account);
    if (active && !active.served.has(currency)) {
      active.served.add(currency);
      const before = balances.subtreeUnits(d.account, currency);
      const diff = d.amount.number.minus(before);
      if (!assertionHolds(before, d.amount.number, d.tolerance)) {
        const h = balances.get(d.account);
        if (h && h.lotsOf(currency).length > 0) errors.push(Errors.padAtCost({ src: active.pad.src, date: active.pad.date }, d.account, currency));
        const { txn, ast } = makePadding(active.pad.date, active.time, d.account, active.pad.source, diff, currency, active.pad.src, 'pad:' + currency);
        active.used = true;
        active.block.push(entry(ast, txn.id, active.time, txn, { date: active.pad.date, rank: 3, file: fileIndex.get(active.pad)!, sub: 1 + active.block.length }));
        correctChecks(active.k, d.account, active.pad.source, currency, diff);
      }
    }
    const actual = balances.subtreeUnits(d.account, currency);
    const c: BalanceCheck = {
      id: input.directiveId(d),
      seq: -1,
      date: d.date,
      time: clock.storedTime(d.date, time),
      timestamp: clock.timestamp(d.date, time),
      account: d.account,
      amount: d.amount,
      tolerance: d.tolerance,
      actual: { number: actual, currency },
      passed: true,
      discrepancy: null,
      pad: d.padAccount,
      meta: d.meta,
      src: d.src,
    };
    checks.push(c);
    checkLog.push({ check: c, k });
    return c;
  };

  const fileIndex = new Map<DirectiveAst, number>();
  directives.forEach((d, i) => fileIndex.set(d, i));

  for (let k = 0; k < order.length; k++) {
    const slot = order[k];
    const i = slot >> 1;
    const d = directives[i];
    currentDate = d.date;
    const block: Entry[] = [];
    blocks.push(block);
    const ref: ReferenceKey = { date: d.date, rank: referenceRank(d.type), file: i, sub: 1 };
    const time = d.type === 'pad' ? padTime.get(i)! : (d.time ?? 0);

    if (isPaddingSlot(slot)) {
      // The padding of a `balance ... with pad`, among the balance records of its time.
      const b = d as BalanceAst;
      const currency = b.amount.currency;
      const before = balances.subtreeUnits(b.account, currency);
      if (!assertionHolds(before, b.amount.number, b.tolerance)) {
        const { txn, ast } = makePadding(b.date, time, b.account, b.padAccount!, b.amount.number.minus(before), currency, b.src, 'pad:' + currency);
        block.push(entry(ast, txn.id, time, txn, { date: b.date, rank: 2, file: i, sub: 0 }));
      }
      continue;
    }

    switch (d.type) {
      case 'transaction': {
        const r = bookTransaction(d, ctx);
        const id = input.directiveId(d);
        const site = { src: d.src, date: d.date, txnId: id };
        if (!r.ok) {
          errors.push(r.multipleAuto ? Errors.multipleImplicit(site, null) : Errors.cannotInfer(site, r.message));
          break;
        }
        const txn: Transaction = {
          id,
          seq: null,
          date: d.date,
          time: clock.storedTime(d.date, time),
          timestamp: clock.timestamp(d.date, time),
          flag: d.flag,
          payee: d.payee,
          narration: d.narration,
          tags: sortedUnique(d.tags),
          links: sortedUnique(d.links),
          meta: d.meta,
          postings: [],
          balanced: r.balanced,
          errors: [],
          src: d.src,
        };
        const kinds = txn.errors;
        const seenAccount = new Set<string>();
        for (const row of r.rows) {
          const p = row.w.ast;
          const units = { number: row.units, currency: row.w.currency };
          const posting: Posting = {
            txn,
            index: row.w.index,
            flag: p.flag,
            account: p.account,
            units,
            cost: row.cost,
            price: row.price !== null && row.w.price ? { number: row.price, currency: row.w.price.currency } : null,
            weight: row.weightCurrency === units.currency && row.weight === row.units ? units : { number: row.weight, currency: row.weightCurrency },
            meta: p.meta,
            automatic: row.automatic,
          };
          txn.postings.push(posting);
          balances.add(p.account, units.currency, units.number, row.cost, row.lot);
          const allowed = lifecycle.check(p.account, d.date);
          if (!allowed.ok && !seenAccount.has(p.account)) {
            seenAccount.add(p.account);
            const err = accountError(site, p.account, allowed)!;
            errors.push(err);
            kinds.push(err.kind);
          }
          if (allowed.ok && allowed.currencies.length > 0 && !allowed.currencies.includes(units.currency) && !seenAccount.has(p.account + '|' + units.currency)) {
            seenAccount.add(p.account + '|' + units.currency);
            const e = Errors.currencyNotAllowed(site, p.account, units.currency, [...allowed.currencies]);
            errors.push(e);
            kinds.push(e.kind);
          }
          if (input.implicitPrices) {
            let priced: { number: Dec; currency: string } | null = null;
            if (posting.price) priced = posting.price;
            else if (row.cost && !row.reduces) priced = { number: row.cost.number, currency: row.cost.currency };
            if (priced) {
              const key = d.date + '|' + units.currency + '|' + canonical(priced.number) + '|' + priced.currency;
              if (!implicitSeen.has(key)) {
                implicitSeen.add(key);
                implicit.push({
                  row: { date: d.date, time: txn.time, timestamp: txn.timestamp, currency: units.currency, amount: priced, meta: [], seq: -1, src: d.src },
                  txn,
                });
              }
            }
          }
        }
        for (const lp of r.lotProblems) {
          const e = lp.kind === 'ambiguous' ? Errors.ambiguousLots(site, lp.account, lp.posting, lp.detail) : Errors.notEnoughLots(site, lp.account, lp.posting, lp.detail);
          errors.push(e);
          kinds.push(e.kind);
        }
        for (const cp of r.costProblems) {
          const e = Errors.invalidCost(site, cp.account, cp.message);
          errors.push(e);
          kinds.push(e.kind);
        }
        if (!r.balanced) {
          const e = Errors.unbalanced(site, r.residual!);
          errors.push(e);
          kinds.push(e.kind);
        }
        txn.errors = sortedUnique(kinds);
        block.push(entry(d, id, time, txn, ref));
        break;
      }
      case 'balance': {
        checkAccount({ src: d.src, date: d.date }, d.account, null);
        if (d.padAccount) checkAccount({ src: d.src, date: d.date }, d.padAccount, null);
        const c = balanceCheck(d, time, k);
        block.push(entry(d, c.id, time, null, ref));
        break;
      }
      case 'pad': {
        checkAccount({ src: d.src, date: d.date }, d.account, null);
        checkAccount({ src: d.src, date: d.date }, d.source, null);
        const state: PadState = { pad: d, block, k, time, served: new Set(), used: false };
        activePads.set(d.account, state);
        allPads.push(state);
        block.push(entry(d, input.directiveId(d), time, null, ref));
        break;
      }
      case 'close': {
        if (/^(Assets|Liabilities)(:|$)/.test(d.account)) {
          const h = balances.get(d.account);
          if (h && !h.isEmpty()) {
            const held = [...h.units.entries()].map(([c, n]) => `${n} ${c}`).join(', ');
            errors.push(Errors.closeNonZero({ src: d.src, date: d.date }, d.account, held));
          }
        }
        activePads.delete(d.account);
        block.push(entry(d, input.directiveId(d), time, null, ref));
        break;
      }
      case 'note':
      case 'document':
        checkAccount({ src: d.src, date: d.date }, d.account, null);
        block.push(entry(d, input.directiveId(d), time, null, ref));
        break;
      case 'commodity':
        if (commoditySeen.has(d.currency)) errors.push(Errors.duplicateCommodity({ src: d.src, date: d.date }, d.currency));
        commoditySeen.add(d.currency);
        block.push(entry(d, input.directiveId(d), time, null, ref));
        break;
      default:
        block.push(entry(d, input.directiveId(d), time, null, ref));
    }
  }

  for (const p of allPads) if (!p.used) errors.push(Errors.unusedPad({ src: p.pad.src, date: p.pad.date }, p.pad.account));
  for (const c of checks) {
    c.passed = assertionHolds(c.actual.number, c.amount.number, c.tolerance);
    if (c.passed) continue;
    const diff = c.actual.number.minus(c.amount.number);
    c.discrepancy = { number: diff, currency: c.amount.currency };
    errors.push(
      Errors.balanceFailed(
        { src: c.src, date: c.date },
        c.account,
        `${c.amount.number} ${c.amount.currency}`,
        `${c.actual.number} ${c.actual.currency}`,
        `${diff.abs()} ${c.amount.currency}`,
        diff.isPos(),
      ),
    );
  }

  // Flatten in processing order and number.
  const entries: Entry[] = [];
  for (const b of blocks) for (const e of b) entries.push(e);
  const transactions: Transaction[] = [];
  const postings: Posting[] = [];
  const checkById = new Map(checks.map((c) => [c.id, c]));
  entries.forEach((e, seq) => {
    e.seq = seq;
    if (e.txn) {
      e.txn.seq = seq;
      transactions.push(e.txn);
      for (const p of e.txn.postings) postings.push(p);
    } else if (e.type === 'balance') {
      const c = checkById.get(e.id);
      if (c) c.seq = seq;
    }
  });
  const refs = referenceOrder(entries.map((e) => refKeys.get(e)!));
  refs.forEach((entryIndex, r) => (entries[entryIndex].ref = r));
  for (const x of implicit) x.row.seq = x.txn.seq!;

  return {
    entries,
    referenceOrder: refs,
    transactions,
    postings,
    balances: checks,
    implicitPrices: implicit.map((x) => x.row),
    accounts: lifecycle.accounts(),
    errors,
  };
}
