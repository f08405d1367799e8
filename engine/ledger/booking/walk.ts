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
 * - Closing an Assets or Liabilities account that still holds units is reported in `.zhang` files.
 */
import { Dec } from '../../decimal';
import type { DayNum } from '../../dates';
import type { Amount, BalanceAst, CloseAst, DirectiveAst, OpenAst, PostingAst, SourceRef, TransactionAst } from '../ast';
import { Errors, type LedgerError } from '../errors';
import { isPaddingSlot, padTimes, processingOrder, referenceOrder, referenceRank } from '../order';
import { firstAtOrAfter, NameLists, NO_META, NO_STRINGS, sortSmall } from '../shared';
import type { BalanceCheck, Entry, LedgerOptions, Posting, PriceRow, Transaction, AccountInfo } from '../snapshot';
import type { Clock } from '../time';
import { AccountBook, accountError, type AccountCheck } from './accounts';
import { assertionHolds, Balances, isUnder } from './balances';
import type { Method } from './lots';
import { canonical } from './holdings';
import { bookTransaction, isSimple, SimpleRows, type BookingFailure } from './transaction';
import { BookedRow, EntryRow, PriceEntryRow, SimpleRow, TransactionRow, type EntryKinds, type IdMaker } from './rows';
import { namesDocument } from '../documents';
import { NumberLog, Placement } from './posting-numbers';
import {
  checkpointSlots,
  copyPad,
  noteNames,
  reusablePrefix,
  mergeCheckpoints,
  opensByAccount,
  planResume,
  type Checkpoint,
  type ImplicitPrice,
  type LoggedCheck,
  type PadState,
  type WalkRecord,
} from './resume';

export interface WalkInput {
  /** Directives in file order (plugin-made opens appended). */
  directives: readonly DirectiveAst[];
  options: LedgerOptions;
  clock: Clock;
  /**
   * Id of a directive (entries, balance checks, transactions); called when an id is first read
   * (rows.ts), its `word` when only the id's first 32 bits are (`id IN` tests).
   */
  directiveId: IdMaker;
  /** Id of something generated from the directive at `src` (padding), told apart by `salt`. */
  idOf(src: SourceRef, salt: string): string;
  /** Collect implicit prices (plugin beancount.plugins.implicit_prices). */
  implicitPrices: boolean;
  /**
   * Resume from the previous load's record when provably the same (booking/resume.ts), and leave
   * a record for the next load. `key` says what else the result depends on (options, ...).
   */
  resume?: { from: WalkRecord | null; key: string };
  /**
   * Log the posting numbers for queries (booking/posting-numbers.ts; default true). `check`
   * asks for none: it runs no query, and they were 0.1 s and 6 MB of its peak on xlarge.
   */
  postingNumbers?: boolean;
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
  /** The entries the load lists apart (prices, the rare kinds, transactions naming documents). */
  kinds: EntryKinds;
  accounts: Map<string, AccountInfo>;
  errors: LedgerError[];
  /** With `resume`: the record for the next load, and the slot this walk resumed at (0: whole). */
  record?: WalkRecord;
  resumedAt?: number;
}

/**
 * Sorted copy without duplicates; the list itself when it already is sorted and unique (nothing
 * mutates these lists after parsing, so a transaction shares its directive's tags and links).
 */
function sortedUnique(xs: readonly string[]): string[] {
  let ordered = true;
  for (let i = 1; i < xs.length && ordered; i++) ordered = xs[i - 1] < xs[i];
  if (ordered) return xs.length === 0 ? NO_STRINGS : (xs as string[]);
  const out = sortSmall(xs.slice(), compareText);
  let k = 1;
  for (let i = 1; i < out.length; i++) if (out[i] !== out[k - 1]) out[k++] = out[i];
  out.length = k;
  return out;
}

/**
 * Posting rows of the transaction being booked (reused; the transaction keeps an exact-size
 * copy). Only [0, count) is valid: never truncated, as `length = 0` drops the array's storage and
 * the next push allocated it again, once per transaction.
 */
const scratch: Posting[] = [];

function putRow(rows: Posting[], k: number, row: Posting): void {
  if (k < rows.length) rows[k] = row;
  else rows.push(row);
}
/** Rows of the simple transaction being booked (reused). */
const simpleRows = new SimpleRows();

const NO_POSTINGS: Posting[] = Object.freeze([]) as unknown as Posting[];

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The units of a posting row. When the row's units are exactly what the posting states (same Dec
 * object, same currency: every written amount not split into lots), the written posting itself is
 * the Amount: it has `number` and `currency`, is immutable, and lives as long as the snapshot
 * (through the entry's directive). One object fewer per posting row: 13 MB and 320k objects the
 * collector copies on the 316k-posting bean-example ledger. Readers only read `number` and
 * `currency` (query/types.ts tells an Amount by `currency`, a Position by `units`, which a posting
 * has not).
 */
function unitsOf(p: PostingAst, number: Dec, currency: string): Amount {
  return p.number === number && p.currency === currency ? (p as Amount) : { number, currency };
}

/**
 * What a walk of these directives should make room for, in one pass: `pads`, the pads and
 * balances with a pad account (each makes a padding entry per currency it fills, mostly one), and
 * `rows`, the posting rows: the written postings, two per pad (an auto posting balancing several
 * currencies makes more, and the log grows then). Sized exactly, the log's columns serve as the
 * snapshot's when nothing moves (posting-numbers.ts).
 */
function expectedSizes(directives: readonly DirectiveAst[]): { rows: number; pads: number } {
  let pads = 0;
  let written = 0;
  for (let i = 0; i < directives.length; i++) {
    const d = directives[i];
    if (d.type === 'transaction') written += d.postings.length;
    else if (d.type === 'pad' || (d.type === 'balance' && d.padAccount)) pads++;
  }
  // Reductions split over lots and auto postings of several currencies add rows: 1/32 more room
  // (the 1M-posting bench ledger has 1.5% more rows than written postings).
  return { rows: 16 + 2 * pads + written + (written >> 5), pads };
}

/** Opens and closes in processing order. */
function opensAndCloses(directives: readonly DirectiveAst[], order: readonly number[]): (OpenAst | CloseAst)[] {
  const out: (OpenAst | CloseAst)[] = [];
  for (let k = 0; k < order.length; k++) {
    const slot = order[k];
    if (isPaddingSlot(slot)) continue;
    const d = directives[slot >> 1];
    if (d.type === 'open' || d.type === 'close') out.push(d);
  }
  return out;
}

/** Same rule as load.ts's formatOf (not imported: that module reads files). */
function isZhangFile(file: string): boolean {
  return file.toLowerCase().endsWith('.zhang');
}

/**
 * Beancount's validate_active_accounts lets balance, note and document directives name an
 * account after its close (ALLOW_AFTER_CLOSE: statements arrive after an account is closed);
 * .zhang files keep reporting them.
 */
function closedButAllowed(file: string, state: AccountCheck): boolean {
  return !state.ok && state.kind === 'closed' && !isZhangFile(file);
}

/** Records an error of a transaction and its kind (the list is made on the first error). */
function report(errors: LedgerError[], kinds: string[] | null, e: LedgerError): string[] {
  errors.push(e);
  (kinds ??= []).push(e.kind);
  return kinds;
}

/** Accounts of an #entries row, shared between directives naming the same accounts. */
function accountsOf(d: DirectiveAst, lists: NameLists): string[] {
  switch (d.type) {
    case 'transaction': {
      const ps = d.postings;
      if (ps.length === 2) {
        const a = ps[0].account;
        const b = ps[1].account;
        return a === b ? lists.one(a) : a < b ? lists.two(a, b) : lists.two(b, a);
      }
      if (ps.length === 1) return lists.one(ps[0].account);
      const names: string[] = [];
      for (let i = 0; i < ps.length; i++) names.push(ps[i].account);
      return lists.of(sortedUnique(names));
    }
    case 'open':
    case 'close':
    case 'note':
    case 'document':
      return lists.one(d.account);
    case 'balance':
      return d.padAccount ? lists.of(sortedUnique([d.account, d.padAccount])) : lists.one(d.account);
    case 'pad':
      return lists.of(sortedUnique([d.account, d.source]));
    default:
      return NO_STRINGS;
  }
}

export function walk(input: WalkInput): WalkOutput {
  const { directives, options, clock } = input;
  const errors: LedgerError[] = [];
  const padTime = padTimes(directives);
  const order = processingOrder(directives, padTime);
  const opens = opensAndCloses(directives, order);

  const lifecycle = new AccountBook(opens, options.bookingMethod as Method, errors);
  const lifecycleErrors = errors.length;
  const byAccount = input.resume ? opensByAccount(opens) : null;
  const wantNumbers = input.postingNumbers !== false;
  // A record without numbers cannot give a resumed walk that wants them its prefix's.
  const resumeFrom = input.resume && (!wantNumbers || input.resume.from?.numbers) ? input.resume.from : null;
  const plan = input.resume ? planResume(resumeFrom, input.resume.key, directives, order, byAccount!) : null;
  const from: Checkpoint | null = plan ? plan.checkpoint : null;
  const prev: WalkRecord | null = plan ? plan.record : null;
  // The rows' numbers as booked (placed into list order at the end): the previous load's currency
  // ids are kept, so its columns of a reused prefix stay valid.
  const sizes = expectedSizes(directives);
  const numbers = wantNumbers ? new NumberLog(prev?.numbers?.currencies, sizes.rows, prev?.numbers?.accounts) : null;
  const balances = from ? from.balances.clone() : new Balances();
  const ctx = {
    options,
    holdingsOf: (a: string) => balances.get(a),
    methodOf: (a: string) => lifecycle.method(a, currentDate),
  };
  let currentDate: DayNum = 0;

  // Entries in processing order as made, except the padding entries of pads (PadState.padding),
  // which are inserted after their pad at the end.
  let made: Entry[] = [];
  // Reference-order keys by creation number (held in Entry.ref until the order is known).
  // Typed and sized for one entry per processing slot (padding entries may grow them): pushing
  // onto three plain lists per entry was a visible part of the walk.
  // Room for a padding entry per pad as well: the 1M bench ledger's 155 pads grew the keys by copy.
  const keyRoom = Math.max(order.length, from ? from.created : 0) + sizes.pads + 16;
  let refRank = new Uint8Array(keyRoom);
  let refFile = new Int32Array(keyRoom);
  let refSub = new Int32Array(keyRoom);
  let created = 0;
  const lists = prev ? prev.lists : new NameLists();
  const activePads = new Map<string, PadState>();
  const allPads: PadState[] = [];
  const checkLog: LoggedCheck[] = [];
  const checks: BalanceCheck[] = [];
  /** Checks of accounts never opened: their failure is not reported (see case 'balance'). */
  const unreported = new Set<BalanceCheck>();
  /** Their indices in `checks` (for checkpoints). */
  const unreportedAt: number[] = [];
  /**
   * First balance directive per account and currency of the day being walked (duplicate rule,
   * Beancount files): the processing order is by date first, so the map is emptied when the day
   * changes (it held every balance of the ledger, keyed with the date).
   */
  const firstBalance = new Map<string, BalanceAst>();
  let firstBalanceDay = -1;
  const implicit: ImplicitPrice[] = [];
  const implicitSeen = new Set<string>();
  const commoditySeen = new Set<string>();
  /** commoditySeen in the order first seen (for checkpoints). */
  const commodityList: string[] = [];

  if (from && prev) {
    // The state before slot from.k (booking/resume.ts). Per-day state (firstBalance,
    // implicitSeen) starts empty: from.k starts a date, so no later slot shares a day with the prefix.
    made = prev.made.slice(0, from.made);
    refRank.set(prev.refRank.subarray(0, from.created));
    refFile.set(prev.refFile.subarray(0, from.created));
    refSub.set(prev.refSub.subarray(0, from.created));
    created = from.created;
    for (let p = 0; p < from.pads; p++) allPads.push(prev.pads[p]);
    for (const a of from.active) {
      const copy = copyPad(a.pad);
      allPads[copy.index] = copy;
      activePads.set(a.account, copy);
    }
    for (let j = 0; j < from.checks; j++) {
      const logged = prev.checkLog[j];
      // Checks an active pad may still correct: copies with their actual at the checkpoint.
      const check = j < from.correctFrom ? logged.check : { ...logged.check, actual: from.actuals[j - from.correctFrom], passed: true, discrepancy: null };
      checks.push(check);
      checkLog.push(check === logged.check ? logged : { check, k: logged.k });
    }
    for (let u = 0; u < from.unreported; u++) {
      unreportedAt.push(prev.unreported[u]);
      unreported.add(checks[prev.unreported[u]]);
    }
    for (let c = 0; c < from.commodities; c++) {
      commodityList.push(prev.commodities[c]);
      commoditySeen.add(prev.commodities[c]);
    }
    for (let x = 0; x < from.implicit; x++) implicit.push(prev.implicit[x]);
    // Copies: loadLedger fills in ids and sources of the errors it is given.
    for (let x = 0; x < from.errors; x++) errors.push({ ...prev.errors[prev.lifecycleErrors + x] });
  }
  const start = from ? from.k : 0;
  /** The first slot naming each account (booking/resume.ts rule 3): the prefix's are the previous walk's. */
  const firstNamed = new Map<string, number>();
  if (prev) for (const [a, k] of prev.firstNamed) if (k < start) firstNamed.set(a, k);
  const takeAt = input.resume ? checkpointSlots(directives, order, start) : [];
  const taken: Checkpoint[] = [];
  let nextTake = takeAt.length ? takeAt[0] : -1;
  /** The state before slot k, copied where later slots change it. */
  const takeCheckpoint = (k: number): Checkpoint => {
    let minPad = Infinity;
    const active: Checkpoint['active'] = [];
    for (const [account, p] of activePads) {
      active.push({ account, pad: copyPad(p) });
      if (p.k < minPad) minPad = p.k;
    }
    let correctFrom = checkLog.length;
    while (correctFrom > 0 && checkLog[correctFrom - 1].k > minPad) correctFrom--;
    const actuals: Amount[] = [];
    for (let j = correctFrom; j < checks.length; j++) actuals.push(checks[j].actual);
    return {
      k,
      balances: balances.clone(),
      active,
      pads: allPads.length,
      checks: checks.length,
      correctFrom,
      actuals,
      unreported: unreportedAt.length,
      commodities: commodityList.length,
      implicit: implicit.length,
      created,
      made: made.length,
      errors: errors.length - lifecycleErrors,
    };
  };

  const directiveId = input.directiveId;
  /** An entry with its reference-order key (date, rank, file position, sub-order); id null: made when read. */
  const entryOf = (d: DirectiveAst, id: string | null, storedTime: number, timestamp: number, txn: TransactionRow | null, rank: number, file: number, sub: number): Entry => {
    const e =
      txn !== null
        ? txn.asEntry(created, accountsOf(d, lists))
        : d.type === 'price'
        ? new PriceEntryRow(directiveId, id, created, storedTime, timestamp, d)
        : new EntryRow(directiveId, d.type, id, created, d.date, storedTime, timestamp, d, txn, accountsOf(d, lists));
    if (created === refRank.length) {
      const grow = <T extends Uint8Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(Math.ceil(a.length * 1.5));
        b.set(a);
        return b;
      };
      refRank = grow(refRank);
      refFile = grow(refFile);
      refSub = grow(refSub);
    }
    refRank[created] = rank;
    refFile[created] = file;
    refSub[created] = sub;
    created++;
    return e;
  };
  const entry = (d: DirectiveAst, id: string | null, time: number, txn: TransactionRow | null, rank: number, file: number, sub: number): Entry =>
    entryOf(d, id, clock.storedTime(d.date, time), clock.timestamp(d.date, time), txn, rank, file, sub);

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
  ): { txn: TransactionRow; ast: TransactionAst } => {
    const narration = `pad ${source} to ${account}`;
    const ast: TransactionAst = {
      type: 'transaction',
      date,
      time,
      meta: NO_META,
      src,
      flag: 'P',
      payee: 'Balance Pad',
      narration,
      tags: NO_STRINGS,
      links: NO_STRINGS,
      postings: [
        { flag: null, account, number: amount, currency, cost: null, price: null, meta: NO_META, src },
        { flag: null, account: source, number: null, currency: null, cost: null, price: null, meta: NO_META, src },
      ],
    };
    const txn = new TransactionRow(
      directiveId,
      ast,
      input.idOf(src, salt),
      clock.storedTime(date, time),
      clock.timestamp(date, time),
      NO_STRINGS,
      NO_STRINGS,
      NO_POSTINGS,
      true,
      NO_STRINGS,
    );
    const units = { number: amount, currency };
    const neg = { number: amount.neg(), currency };
    txn.postings = [
      { txn, index: 0, flag: null, account, units, cost: null, price: null, weight: units, meta: NO_META, automatic: false },
      { txn, index: 1, flag: null, account: source, units: neg, cost: null, price: null, weight: neg, meta: NO_META, automatic: true },
    ];
    if (numbers) txn.rowBase = numbers.add(txn.postings, txn);
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
        // sub: after the pad's own entry (1) and its earlier padding entries.
        active.padding.push(entry(ast, null, active.time, txn, 3, active.file, 2 + active.padding.length));
        correctChecks(active.k, d.account, active.pad.source, currency, diff);
      }
    }
    const actual = balances.subtreeUnits(d.account, currency);
    const c: BalanceCheck = {
      id: directiveId(d),
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

  // Error bookkeeping of the transaction being booked (reset per transaction; made on its first error).
  let kinds: string[] | null = null;
  let site: { src: SourceRef; date: DayNum; txnId: string } | null = null;
  /** Where the errors of the transaction being booked point (its id is made for them). */
  const siteOf = (d: TransactionAst, txn: Transaction) => (site ??= { src: d.src, date: d.date, txnId: txn.id });
  let seenAccount: Set<string> | null = null;
  /** Checks a posting row's account (open on the date, currency allowed); each problem once per transaction. */
  const checkPosting = (d: TransactionAst, txn: Transaction, account: string, currency: string) => {
    const allowed = lifecycle.check(account, d.date);
    if (!allowed.ok) {
      seenAccount ??= new Set();
      if (!seenAccount.has(account)) {
        seenAccount.add(account);
        kinds = report(errors, kinds, accountError(siteOf(d, txn), account, allowed)!);
      }
    } else if (allowed.currencies.length > 0 && !allowed.currencies.includes(currency)) {
      seenAccount ??= new Set();
      if (!seenAccount.has(account + '|' + currency)) {
        seenAccount.add(account + '|' + currency);
        const e = Errors.currencyNotAllowed(siteOf(d, txn), account, currency, [...allowed.currencies]);
        kinds = report(errors, kinds, e);
      }
    }
  };

  for (let k = start; k < order.length; k++) {
    if (k === nextTake) {
      taken.push(takeCheckpoint(k));
      nextTake = taken.length < takeAt.length ? takeAt[taken.length] : -1;
    }
    const slot = order[k];
    const i = slot >> 1;
    const d = directives[i];
    currentDate = d.date;
    if (input.resume) noteNames(d, k, firstNamed);
    const rank = referenceRank(d.type);
    const time = d.type === 'pad' ? padTime.get(i)! : (d.time ?? 0);

    if (isPaddingSlot(slot)) {
      // The padding of a `balance ... with pad`, among the balance records of its time.
      const b = d as BalanceAst;
      const currency = b.amount.currency;
      const before = balances.subtreeUnits(b.account, currency);
      if (!assertionHolds(before, b.amount.number, b.tolerance)) {
        const { txn, ast } = makePadding(b.date, time, b.account, b.padAccount!, b.amount.number.minus(before), currency, b.src, 'pad:' + currency);
        made.push(entry(ast, null, time, txn, 2, i, 0));
      }
      continue;
    }

    switch (d.type) {
      case 'transaction': {
        const r = isSimple(d) ? null : bookTransaction(d, ctx);
        const failure: BookingFailure | null = r === null ? simpleRows.book(d, ctx) : r.ok ? null : r;
        if (failure !== null) {
          // On the posting the failure is about, as bean-check reports it.
          const id = directiveId(d);
          const at = { src: d.postings[failure.index]?.src ?? d.src, date: d.date, txnId: id };
          const e = failure.multipleAuto ? Errors.multipleImplicit(at, null) : Errors.cannotInfer(at, failure.message);
          // The error still carries its transaction's id (spec #errors), not one of the posting's position.
          e.id = id;
          errors.push(e);
          break;
        }
        const txn = new TransactionRow(
          directiveId,
          d,
          null,
          clock.storedTime(d.date, time),
          clock.timestamp(d.date, time),
          sortedUnique(d.tags),
          sortedUnique(d.links),
          NO_POSTINGS,
          r === null ? simpleRows.balanced : r.ok && r.balanced,
          NO_STRINGS,
        );
        kinds = null;
        site = null;
        seenAccount = null;
        const rowsOut = scratch;
        let nRows = 0;
        if (r === null) {
          // Simple: no cost, no price; weight is units.
          const rows = simpleRows;
          for (let j = 0; j < rows.count; j++) {
            const p = d.postings[rows.posting[j]];
            const units = unitsOf(p, rows.units[j], rows.currency[j]);
            putRow(rowsOut, nRows++, new SimpleRow(txn, p, units, rows.posting[j] * 2 + (rows.automatic[j] ? 1 : 0)));
            balances.add(p.account, units.currency, units.number, null);
            checkPosting(d, txn, p.account, units.currency);
          }
          if (!rows.balanced) kinds = report(errors, kinds, Errors.unbalanced(siteOf(d, txn), rows.residual!));
        } else if (r.ok) {
          for (const row of r.rows) {
            const p = row.w.ast;
            const units = unitsOf(p, row.units, row.w.currency);
            const posting = new BookedRow(
              txn,
              p,
              units,
              row.cost,
              row.price !== null && row.w.price ? { number: row.price, currency: row.w.price.currency } : null,
              row.weightCurrency === units.currency && row.weight === row.units ? units : { number: row.weight, currency: row.weightCurrency },
              row.w.index * 2 + (row.automatic ? 1 : 0),
            );
            putRow(rowsOut, nRows++, posting);
            balances.add(p.account, units.currency, units.number, row.cost, row.lot);
            checkPosting(d, txn, p.account, units.currency);
            if (input.implicitPrices) {
              let priced: { number: Dec; currency: string } | null = null;
              if (posting.price) priced = posting.price;
              else if (row.cost && !row.reduces) priced = { number: row.cost.number, currency: row.cost.currency };
              if (priced) {
                const key = d.date + '|' + units.currency + '|' + canonical(priced.number) + '|' + priced.currency;
                if (!implicitSeen.has(key)) {
                  implicitSeen.add(key);
                  implicit.push({
                    row: { date: d.date, time: txn.time, timestamp: txn.timestamp, currency: units.currency, amount: priced, meta: NO_META, seq: -1, src: d.src },
                    txn,
                  });
                }
              }
            }
          }
          if (r.lotProblems.length || r.costProblems.length || !r.balanced) {
            const at = siteOf(d, txn);
            for (const lp of r.lotProblems) {
              const e =
                lp.kind === 'ambiguous'
                  ? Errors.ambiguousLots(at, lp.account, lp.posting, lp.detail)
                  : lp.kind === 'average'
                    ? Errors.unsupportedBooking(at, lp.account, 'AVERAGE', 'FIFO')
                    : Errors.notEnoughLots(at, lp.account, lp.posting, lp.detail);
              kinds = report(errors, kinds, e);
            }
            for (const cp of r.costProblems) {
              const on = { src: d.postings[cp.index]?.src ?? d.src, date: d.date, txnId: txn.id };
              const e = Errors.invalidCost(on, cp.account, cp.message);
              e.id = txn.id;
              kinds = report(errors, kinds, e);
            }
            // bean-check reports a failed lot reduction alone: the residual it leaves is its consequence.
            if (!r.balanced && r.lotProblems.length === 0) kinds = report(errors, kinds, Errors.unbalanced(at, r.residual!));
          }
        }
        txn.setRows(rowsOut, nRows);
        if (numbers) txn.rowBase = numbers.add(rowsOut, txn, nRows);
        if (kinds !== null) txn.errors = sortedUnique(kinds);
        made.push(entryOf(d, null, txn.time, txn.timestamp, txn, rank, i, 1));
        break;
      }
      case 'balance': {
        const bsite = { src: d.src, date: d.date };
        const state = lifecycle.check(d.account, d.date);
        if (!closedButAllowed(d.src.file, state)) {
          const err = accountError(bsite, d.account, state);
          if (err) errors.push(err);
        }
        if (d.padAccount) checkAccount(bsite, d.padAccount, null);
        const c = balanceCheck(d, time, k);
        made.push(entryOf(d, c.id, c.time, c.timestamp, null, rank, i, 1));
        // bean-check 2.3.5 (ops/balance.py) reports an account that was never opened and
        // skips the check (one error, not a second "Balance failed"); the assertion stays an
        // entry here (Beancount drops it) with its figures, but is not reported as failed.
        if (!state.ok && state.kind === 'missing') {
          unreported.add(c);
          unreportedAt.push(checks.length - 1);
          break;
        }
        const currency = d.amount.currency;
        const allowed = lifecycle.firstOpenCurrencies(d.account);
        if (allowed && allowed.length > 0 && !allowed.includes(currency)) {
          errors.push(Errors.balanceCurrencyNotAllowed(bsite, d.account, currency, allowed));
        }
        // Beancount's validate_duplicate_balances: a day has no order among its balance
        // directives, so a second one with another amount (compared with the first of the day,
        // 10 = 10.00) is an error; identical ones are allowed (imports repeat them). Both are
        // still checked. Not in .zhang files, whose balance lines carry a time of day.
        if (!isZhangFile(d.src.file)) {
          if (d.date !== firstBalanceDay) {
            if (firstBalance.size > 0) firstBalance.clear();
            firstBalanceDay = d.date;
          }
          const key = d.account + '\0' + currency;
          const first = firstBalance.get(key);
          if (first === undefined) firstBalance.set(key, d);
          else if (!first.amount.number.eq(d.amount.number)) {
            errors.push(
              Errors.duplicateBalance(bsite, d.account, `${d.amount.number} ${currency}`, `${first.amount.number} ${currency}`),
            );
          }
        }
        break;
      }
      case 'pad': {
        checkAccount({ src: d.src, date: d.date }, d.account, null);
        checkAccount({ src: d.src, date: d.date }, d.source, null);
        made.push(entry(d, null, time, null, rank, i, 1));
        const state: PadState = { pad: d, index: allPads.length, file: i, after: made.length, padding: [], k, time, served: new Set(), used: false };
        activePads.set(d.account, state);
        allPads.push(state);
        break;
      }
      case 'close': {
        // zhang's CloseNonZeroAccount; Beancount leaves this to the check_closing plugin, so a
        // Beancount file may close an account that still holds units (bean-check is silent).
        if (isZhangFile(d.src.file) && /^(Assets|Liabilities)(:|$)/.test(d.account)) {
          const h = balances.get(d.account);
          if (h && !h.isEmpty()) {
            const held = h.allUnits().map(([c, n]) => `${n} ${c}`).join(', ');
            errors.push(Errors.closeNonZero({ src: d.src, date: d.date }, d.account, held));
          }
        }
        activePads.delete(d.account);
        made.push(entry(d, null, time, null, rank, i, 1));
        break;
      }
      case 'note':
      case 'document':
        if (!closedButAllowed(d.src.file, lifecycle.check(d.account, d.date))) checkAccount({ src: d.src, date: d.date }, d.account, null);
        made.push(entry(d, null, time, null, rank, i, 1));
        break;
      case 'commodity':
        if (commoditySeen.has(d.currency)) errors.push(Errors.duplicateCommodity({ src: d.src, date: d.date }, d.currency));
        else commodityList.push(d.currency);
        commoditySeen.add(d.currency);
        made.push(entry(d, null, time, null, rank, i, 1));
        break;
      default:
        made.push(entry(d, null, time, null, rank, i, 1));
    }
  }

  for (const p of allPads) if (!p.used) errors.push(Errors.unusedPad({ src: p.pad.src, date: p.pad.date }, p.pad.account));
  for (const c of checks) {
    c.passed = assertionHolds(c.actual.number, c.amount.number, c.tolerance);
    if (c.passed) continue;
    const diff = c.actual.number.minus(c.amount.number);
    c.discrepancy = { number: diff, currency: c.amount.currency };
    if (unreported.has(c)) continue;
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

  /** The processing order, seq and reference order of every entry. */
  const finishWhole = () => {
    if (from && prev) {
      // Reused entries: `ref` holds their reference-order index from the previous load; it is
      // their creation number again until this walk's reference order is known (their seq is
      // still the old one). The padding a pad active at the checkpoint had then is old too.
      for (let m = 0; m < from.made; m++) made[m].ref = prev.creationBySeq[made[m].seq];
      const atCheckpoint = new Map(from.active.map((a) => [a.pad.index, a.pad.padding.length]));
      for (let p = 0; p < from.pads; p++) {
        const padding = allPads[p].padding;
        const old = atCheckpoint.get(p) ?? padding.length;
        for (let q = 0; q < old; q++) padding[q].ref = prev.creationBySeq[padding[q].seq];
      }
    }
    // Processing order: the entries as made, with the padding of each pad right after it.
    let entries = made;
    if (allPads.some((p) => p.padding.length > 0)) {
      entries = [];
      let at = 0;
      for (const p of allPads) {
        for (; at < p.after; at++) entries.push(made[at]);
        for (const e of p.padding) entries.push(e);
      }
      for (; at < made.length; at++) entries.push(made[at]);
    }
    const { transactions, postings } = sizedLists(entries, 0, 0, 0);
    const checkById = new Map(checks.map((c) => [c.id, c]));
    const n = entries.length;
    const creationBySeq = new Int32Array(n);
    const placed = numbers ? new Placement(numbers, postings.length) : null;
    const byKind: EntryKinds = { prices: [], rare: [], documentTxns: [] };
    const refs = placeFrom(entries, 0, transactions, postings, 0, 0, checkById, creationBySeq, placed, byKind);
    for (let r = 0; r < n; r++) entries[refs[r]].ref = r;
    return { entries, transactions, postings, refs, creationBySeq, placed, byKind };
  };

  /**
   * The transaction and posting lists at their exact size: `tBase`/`pBase` items before entry `P`,
   * plus those of the entries from `P` on. Grown by push, the posting list of a large ledger would
   * be copied a dozen times and keep up to half its length again in spare room for the life of the
   * snapshot.
   */
  const sizedLists = (entries: Entry[], P: number, tBase: number, pBase: number) => {
    let txnCount = tBase;
    let postingCount = pBase;
    for (let seq = P; seq < entries.length; seq++) {
      const t = entries[seq].txn;
      if (t) {
        txnCount++;
        postingCount += t instanceof TransactionRow ? t.rowCount : t.postings.length;
      }
    }
    return { transactions: new Array(txnCount) as Transaction[], postings: new Array(postingCount) as Posting[] };
  };

  /**
   * Entries from `P` on, in processing order: their seq (and their transaction's and balance
   * check's), their transactions and postings written into the exact-size lists from `nt`/`np`,
   * their creation numbers; returns their reference order among themselves (indices from P).
   */
  const placeFrom = (
    entries: Entry[],
    P: number,
    transactions: Transaction[],
    postings: Posting[],
    nt: number,
    np: number,
    checkById: Map<string, BalanceCheck>,
    creationBySeq: Int32Array,
    placed: Placement | null,
    byKind: EntryKinds,
  ): number[] => {
    const rest = entries.length - P;
    const refDate = new Int32Array(rest);
    const rankOf = new Uint8Array(rest);
    const fileOf = new Int32Array(rest);
    const subOf = new Int32Array(rest);
    for (let seq = P; seq < entries.length; seq++) {
      const e = entries[seq];
      e.seq = seq;
      // e.ref holds the creation number until the reference order is known.
      const creation = e.ref;
      const i = seq - P;
      creationBySeq[seq] = creation;
      refDate[i] = e.date;
      rankOf[i] = refRank[creation];
      fileOf[i] = refFile[creation];
      subOf[i] = refSub[creation];
      if (e.txn) {
        const t = e.txn as TransactionRow;
        t.seq = seq;
        transactions[nt++] = t;
        const ps = t.postings;
        // Rows an earlier walk booked (a resume that places every entry again) are logged now.
        if (numbers && placed) {
          if (!numbers.logged(t, t.rowBase)) t.rowBase = numbers.add(ps, t);
          placed.put(t.rowBase, ps.length, np);
        }
        for (let j = 0; j < ps.length; j++) postings[np++] = ps[j];
        if (namesDocument(e.directive as TransactionAst)) byKind.documentTxns.push(e);
      } else {
        const type = e.type;
        if (type === 'balance') {
          const c = checkById.get(e.id);
          if (c) c.seq = seq;
        } else if (type === 'price') byKind.prices.push(e as PriceEntryRow);
        else if (type !== 'open' && type !== 'close' && type !== 'pad' && type !== 'transaction') byKind.rare.push(e);
      }
    }
    return referenceOrder(refDate, rankOf, fileOf, subOf);
  };

  /**
   * A resumed walk whose first `P` entries are the previous load's first `P` (same objects, same
   * seq; booking/resume.ts reusablePrefix): those come first in reference order too, as every later
   * entry is dated after them, so their seq and ref stay, and only the rest is ordered and sorted.
   */
  const finishResumed = (P: number) => {
    const r = prev!;
    const entries = r.entries.slice(0, P);
    let m = from!.made;
    for (let p = from!.pads; p < allPads.length; p++) {
      const pad = allPads[p];
      for (; m < pad.after; m++) entries.push(made[m]);
      for (const e of pad.padding) entries.push(e);
    }
    for (; m < made.length; m++) entries.push(made[m]);
    const n = entries.length;
    const tP = firstAtOrAfter(r.transactions, P, (t) => t.seq!);
    const pP = firstAtOrAfter(r.postings, P, (p) => p.txn.seq!);
    const { transactions, postings } = sizedLists(entries, P, tP, pP);
    for (let t = 0; t < tP; t++) transactions[t] = r.transactions[t];
    for (let q = 0; q < pP; q++) postings[q] = r.postings[q];
    const placed = numbers && r.numbers ? new Placement(numbers, postings.length, { from: r.numbers, count: pP }) : null;
    const checkById = new Map<string, BalanceCheck>();
    for (let j = from!.checks; j < checks.length; j++) checkById.set(checks[j].id, checks[j]);
    const rest = n - P;
    const creationBySeq = new Int32Array(n);
    creationBySeq.set(r.creationBySeq.subarray(0, P));
    // The prefix's entries keep their seq: each list's first P-entry part is the previous one's.
    const k = r.kinds;
    const byKind: EntryKinds = {
      prices: k.prices.slice(0, firstAtOrAfter(k.prices, P, (e) => e.seq)),
      rare: k.rare.slice(0, firstAtOrAfter(k.rare, P, (e) => e.seq)),
      documentTxns: k.documentTxns.slice(0, firstAtOrAfter(k.documentTxns, P, (e) => e.seq)),
    };
    const restOrder = placeFrom(entries, P, transactions, postings, tP, pP, checkById, creationBySeq, placed, byKind);
    const refs: number[] = new Array(n);
    for (let x = 0; x < P; x++) refs[x] = r.referenceOrder[x];
    for (let x = 0; x < rest; x++) {
      refs[P + x] = P + restOrder[x];
      entries[P + restOrder[x]].ref = P + x;
    }
    return { entries, transactions, postings, refs, creationBySeq, placed, byKind };
  };

  // The entries in processing order, seq, the exact-size lists and the reference order: for a
  // resumed walk whose prefix entries are exactly the previous load's first entries, only the
  // entries after them (finishResumed); otherwise every entry (finishWhole).
  const reused = from && prev ? reusablePrefix(from, prev, allPads) : -1;
  const done = reused >= 0 ? finishResumed(reused) : finishWhole();
  const { entries, transactions, postings, refs, creationBySeq, placed, byKind } = done;
  const postingNumbers = placed ? placed.finish(postings) : null;
  for (const x of implicit) x.row.seq = x.txn.seq!;

  const record: WalkRecord | undefined = input.resume
    ? {
        key: input.resume.key,
        directives,
        order,
        opens: byAccount!,
        made,
        errors,
        lifecycleErrors,
        checkLog,
        unreported: unreportedAt,
        commodities: commodityList,
        implicit,
        pads: allPads,
        refRank,
        refFile,
        refSub,
        lists,
        firstNamed,
        // Checkpoints at or before the one resumed from hold the same prefix: still valid.
        checkpoints: mergeCheckpoints(prev ? prev.checkpoints.filter((c) => c.k <= start) : [], taken),
        entries,
        referenceOrder: refs,
        checks,
        creationBySeq,
        transactions,
        postings,
        numbers: postingNumbers,
        kinds: byKind,
      }
    : undefined;

  return {
    entries,
    referenceOrder: refs,
    transactions,
    postings,
    balances: checks,
    implicitPrices: implicit.map((x) => x.row),
    kinds: byKind,
    accounts: lifecycle.accounts(),
    errors,
    record,
    resumedAt: start,
  };
}
