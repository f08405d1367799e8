/**
 * Resuming the booking walk after a reload (issue 15, "reload after a save"): most saves append
 * or edit recent entries, so the walk's state before the first changed entry is what it was in
 * the previous load. The walk (walk.ts) takes checkpoints of its mutable state at a few slots
 * near the end of the processing order; the next load's walk starts from the latest checkpoint
 * whose prefix is provably unchanged, reusing the entries, rows, checks and errors made before it,
 * and books only the rest. Anything it cannot prove falls back to the whole walk.
 *
 * A checkpoint at slot `k` (always the first slot of its date) holds copies of what later slots
 * change: the balances (holdings and lots), the pads still active (a later assertion may be served
 * by them), the `actual` of the checks those pads may still correct; everything else is a length
 * of a list that only grows (entries made, errors, checks, implicit prices, creation numbers of
 * the reference-order keys). Checkpoints are never changed once taken: a resumed walk copies the
 * one it starts from, so every checkpoint at or before it stays valid for the new load and is
 * carried over into the new record.
 *
 * Resuming from checkpoint `k` gives the same result as the whole walk when (checked by planResume):
 * 1. the slots before `k` hold the same directives in both orders, with the same padding-slot
 *    kind: the very same objects (the parse cache keeps unchanged chunks' directives), or equal
 *    in every field and position (`sameDirective`: an append parses the file's last chunk again,
 *    and in a file grouped by account, as bean-example writes, that chunk holds entries of every
 *    year);
 * 2. slot `k` starts a new date in the new order too, so every directive dated like the prefix is
 *    in the prefix (pad times, and the per-day rules: duplicate balances, implicit prices seen);
 * 3. the account lifecycle answers the prefix asked are unchanged: an account whose opens and
 *    closes changed (added, removed, moved) must not be named by any directive of the prefix;
 * 4. options, the implicit-prices plugin flag and the main file are the same (the record's key),
 *    and no plugin made directives (ids of synthetic directives are salted per load: index.ts);
 * 5. the prefix directives keep their relative file order (the reference order breaks ties by
 *    file position, which the reused keys carry from the load that walked them).
 *
 * Reused objects (entries, transactions, checks) get their new seq and ref in place: that changes
 * the previous snapshot's objects, which is safe because a worker never serves its previous
 * snapshot once its own reload has started (messages run one at a time and the new snapshot
 * replaces it; a failed load restores those fields: `restoreRecord`). A fallback touches nothing
 * of the previous snapshot.
 */
import type { PostingNumbers } from './posting-numbers';
import type { DayNum } from '../../dates';
import { Dec } from '../../decimal';
import type { Amount, CloseAst, DirectiveAst, OpenAst, PadAst } from '../ast';
import type { LedgerError } from '../errors';
import type { NameLists } from '../shared';
import type { BalanceCheck, Entry, Posting, PriceRow, Transaction } from '../snapshot';
import type { Balances } from './balances';
import type { EntryKinds } from './rows';

export interface PadState {
  pad: PadAst;
  /** Position in the walk's list of every pad. */
  index: number;
  /** File position of the pad (reference order of its padding entries). */
  file: number;
  /** Index in the entry list right after the pad's own entry: its padding entries go there. */
  after: number;
  /** Padding entries made for the pad (while later assertions are booked). */
  padding: Entry[];
  /** Position of the pad in processing order (slots). */
  k: number;
  time: number;
  served: Set<string>;
  used: boolean;
}

export interface LoggedCheck {
  check: BalanceCheck;
  k: number;
}

export interface ImplicitPrice {
  row: PriceRow;
  txn: Transaction;
}

/** A copy of a pad state: later slots change what it served and the padding it made. */
export function copyPad(p: PadState): PadState {
  return { ...p, served: new Set(p.served), padding: p.padding.slice() };
}

/** The walk's state before slot `k`: copies of what later slots change, lengths of the rest. */
export interface Checkpoint {
  k: number;
  balances: Balances;
  /** The active pads (copies) with their account. */
  active: { account: string; pad: PadState }[];
  pads: number;
  checks: number;
  /** Checks from this index on may still be corrected by an active pad; their `actual` then. */
  correctFrom: number;
  actuals: Amount[];
  unreported: number;
  commodities: number;
  implicit: number;
  /** Entries created (reference-order keys), entries made, walk errors (after the lifecycle's). */
  created: number;
  made: number;
  errors: number;
}

/** What a walk leaves for the next load's walk. */
export interface WalkRecord {
  key: string;
  directives: readonly DirectiveAst[];
  order: readonly number[];
  /** Opens and closes of each account in processing order (the lifecycle's input). */
  opens: Map<string, (OpenAst | CloseAst)[]>;
  made: readonly Entry[];
  /** The walk's error list; its own errors start at `lifecycleErrors`. */
  errors: readonly LedgerError[];
  lifecycleErrors: number;
  checkLog: readonly LoggedCheck[];
  /** Indices (in checkLog) of checks of never-opened accounts. */
  unreported: readonly number[];
  /** Currencies of commodity directives, in the order first seen. */
  commodities: readonly string[];
  implicit: readonly ImplicitPrice[];
  pads: readonly PadState[];
  refRank: Uint8Array;
  refFile: Int32Array;
  refSub: Int32Array;
  lists: NameLists;
  /** The first slot naming each account (rule 3 without reading the prefix again). */
  firstNamed: Map<string, number>;
  checkpoints: Checkpoint[];
  /** The walk's final output, to restore the fields a failed resumed load changed. */
  entries: readonly Entry[];
  referenceOrder: readonly number[];
  checks: readonly BalanceCheck[];
  /** Creation number (index of the reference-order keys) of each entry, by seq. */
  creationBySeq: Int32Array;
  transactions: readonly Transaction[];
  postings: readonly Posting[];
  /** The postings' numbers (booking/posting-numbers.ts), in list order; null when not logged. */
  numbers: PostingNumbers | null;
  /** The walk's lists of entries by kind (rows.ts EntryKinds): a resumed walk keeps their prefix. */
  kinds: EntryKinds;
}

/** Where a walk resumes: the previous record and the checkpoint it starts from. */
export interface ResumePlan {
  record: WalkRecord;
  checkpoint: Checkpoint;
}

/**
 * The booking cache of one parse cache (index.ts keeps one per ParseCache): the record of the last
 * successful load. Single owner: a load takes the record before its walk and leaves its own only
 * once it has succeeded, so a failed load leaves nothing (the next one walks whole).
 */
export class BookingCache {
  private record: WalkRecord | null = null;
  /** Walks resumed from a checkpoint and whole walks since it was made (tests, benchmarks). */
  resumed = 0;
  full = 0;
  /** Slot the last walk resumed at (0: a whole walk). */
  lastResumedAt = 0;

  take(): WalkRecord | null {
    const r = this.record;
    this.record = null;
    return r;
  }

  keep(r: WalkRecord): void {
    this.record = r;
  }

  count(resumedAt: number): void {
    this.lastResumedAt = resumedAt;
    if (resumedAt > 0) this.resumed++;
    else this.full++;
  }
}

/** Own enumerable keys and prototype getters of class instances (ParsedPosting's `src`), by prototype. */
const gettersOf = new Map<object, string[]>();
function getters(proto: object): string[] {
  let g = gettersOf.get(proto);
  if (g === undefined) {
    g = [];
    for (let p: object | null = proto; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) if (d.get && !g.includes(name)) g.push(name);
    }
    gettersOf.set(proto, g);
  }
  return g;
}

/**
 * Are two values equal in everything the walk can read? Plain data compared field by field,
 * numbers by value and places (Dec), class instances also through their getters (a parsed
 * posting keeps its position in private fields behind `src`). Maps, sets and functions are never
 * equal unless identical (the AST has none: conservative).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  const proto = Object.getPrototypeOf(a) as object | null;
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Dec) return a.scaled === (b as Dec).scaled && a.dp === (b as Dec).dp;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], y[i])) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) {
    if (a instanceof Map || a instanceof Set || typeof a === 'function') return false;
    for (const g of getters(proto)) if (!sameValue((a as Record<string, unknown>)[g], (b as Record<string, unknown>)[g])) return false;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(y, k) || !sameValue(x[k], y[k])) return false;
  return true;
}

/** The same directive for the walk: identical, or equal in every field, position included. */
export function sameDirective(a: DirectiveAst, b: DirectiveAst): boolean {
  return a === b || (a.type === b.type && a.date === b.date && sameValue(a, b));
}

/** Opens and closes (in processing order) grouped by account. */
export function opensByAccount(list: readonly (OpenAst | CloseAst)[]): Map<string, (OpenAst | CloseAst)[]> {
  const out = new Map<string, (OpenAst | CloseAst)[]>();
  for (const d of list) {
    const l = out.get(d.account);
    if (l) l.push(d);
    else out.set(d.account, [d]);
  }
  return out;
}

/** Accounts whose opens and closes differ (objects or order): their lifecycle answers may differ. */
function changedAccounts(a: Map<string, (OpenAst | CloseAst)[]>, b: Map<string, (OpenAst | CloseAst)[]>): Set<string> {
  const out = new Set<string>();
  const differ = (x: readonly (OpenAst | CloseAst)[] | undefined, y: readonly (OpenAst | CloseAst)[] | undefined) => {
    if (!x || !y || x.length !== y.length) return true;
    for (let i = 0; i < x.length; i++) if (!sameDirective(x[i], y[i])) return true;
    return false;
  };
  for (const [acc, l] of a) if (differ(l, b.get(acc))) out.add(acc);
  for (const [acc, l] of b) if (!a.has(acc) && differ(a.get(acc), l)) out.add(acc);
  return out;
}

/**
 * Records slot `k` as the first naming each account the directive names (any account the walk
 * may look up the lifecycle of for it) that no earlier slot named.
 */
export function noteNames(d: DirectiveAst, k: number, first: Map<string, number>): void {
  switch (d.type) {
    case 'transaction': {
      const ps = d.postings;
      for (let i = 0; i < ps.length; i++) if (!first.has(ps[i].account)) first.set(ps[i].account, k);
      return;
    }
    case 'balance':
      if (!first.has(d.account)) first.set(d.account, k);
      if (d.padAccount !== null && !first.has(d.padAccount)) first.set(d.padAccount, k);
      return;
    case 'pad':
      if (!first.has(d.account)) first.set(d.account, k);
      if (!first.has(d.source)) first.set(d.source, k);
      return;
    default: {
      const a = (d as { account?: unknown }).account;
      if (typeof a === 'string' && !first.has(a)) first.set(a, k);
    }
  }
}

/**
 * Do the directives of slots before `k` keep their relative file order? (Condition 5: the
 * reused reference-order keys hold file positions of the load that walked them.)
 */
function fileOrderKept(record: WalkRecord, order: readonly number[], k: number): boolean {
  const newIndex = new Int32Array(record.directives.length).fill(-1);
  for (let s = 0; s < k; s++) newIndex[record.order[s] >> 1] = order[s] >> 1;
  let last = -1;
  for (let i = 0; i < newIndex.length; i++) {
    const n = newIndex[i];
    if (n < 0) continue;
    if (n < last) return false;
    last = n;
  }
  return true;
}

/**
 * The checkpoint the walk over `directives` (in `order`) can resume from, or null for a whole
 * walk. `opens` is the new ledger's opensByAccount.
 */
export function planResume(
  record: WalkRecord | null,
  key: string,
  directives: readonly DirectiveAst[],
  order: readonly number[],
  opens: Map<string, (OpenAst | CloseAst)[]>,
): ResumePlan | null {
  if (record === null || record.key !== key || record.checkpoints.length === 0) return null;
  const od = record.directives;
  const oo = record.order;
  // 1. The longest common prefix of the two orders (compared no further than the last checkpoint).
  const limit = Math.min(oo.length, order.length, record.checkpoints[record.checkpoints.length - 1].k);
  let same = 0;
  while (same < limit && (oo[same] & 1) === (order[same] & 1) && sameDirective(od[oo[same] >> 1], directives[order[same] >> 1])) same++;
  // Slots numbered alike (directive indices unchanged: an append) keep their file order (rule 5).
  let sameSlots = 0;
  while (sameSlots < same && oo[sameSlots] === order[sameSlots]) sameSlots++;
  // 3. No directive of the prefix names an account whose opens or closes changed (the prefix is
  // the same in both orders, so the previous walk's first naming slots hold for it).
  let bound = same;
  if (resumeRules.checkAccounts) {
    for (const account of changedAccounts(record.opens, opens)) {
      const k = record.firstNamed.get(account);
      if (k !== undefined && k < bound) bound = k;
    }
  }
  const dateAt = (s: number): DayNum => directives[order[s] >> 1].date;
  for (let j = record.checkpoints.length - 1; j >= 0; j--) {
    const c = record.checkpoints[j];
    if (c.k > bound) continue;
    // 2. A date boundary in the new order (or the end of it).
    if (c.k < order.length && dateAt(c.k) === dateAt(c.k - 1)) continue;
    // 5. Rare (includes or a plugin reordering directives): walk whole.
    if (c.k > sameSlots && !fileOrderKept(record, order, c.k)) return null;
    return { record, checkpoint: c };
  }
  return null;
}

/**
 * Rule 3 can be switched off only by the tests, to show that the property test catches a resume
 * that skips it (test/engine/ledger/booking/resume.test.ts). Never changed by the app.
 */
export const resumeRules = { checkAccounts: true };

/** Most checkpoints a record keeps (carried ones and new ones): each holds a copy of the balances. */
export const MAX_CHECKPOINTS = 8;

/**
 * Slots to take checkpoints at: the first slot of the last date and of the dates about 1%, 10%
 * and 50% of the slots from the end (typical saves touch the last days), after `from`.
 */
export function checkpointSlots(directives: readonly DirectiveAst[], order: readonly number[], from: number): number[] {
  const n = order.length;
  const out: number[] = [];
  for (const back of [1, Math.ceil(n / 100), Math.ceil(n / 10), Math.ceil(n / 2)]) {
    let k = n - back;
    if (k <= 0) continue;
    const date = directives[order[k] >> 1].date;
    while (k > 0 && directives[order[k - 1] >> 1].date === date) k--;
    if (k > from && !out.includes(k)) out.push(k);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Carried checkpoints and new ones, at most MAX_CHECKPOINTS: when over, the one whose neighbours
 * are closest is dropped (never the first or the last), so they stay spread.
 */
export function mergeCheckpoints(carried: Checkpoint[], made: Checkpoint[]): Checkpoint[] {
  const all = [...carried, ...made].sort((a, b) => a.k - b.k);
  const out: Checkpoint[] = [];
  for (const c of all) if (out.length === 0 || out[out.length - 1].k !== c.k) out.push(c);
  while (out.length > MAX_CHECKPOINTS) {
    let drop = 1;
    for (let i = 2; i < out.length - 1; i++) if (out[i + 1].k - out[i - 1].k < out[drop + 1].k - out[drop - 1].k) drop = i;
    out.splice(drop, 1);
  }
  return out;
}

/**
 * How many of the previous load's entries (in processing order) a resumed walk keeps as they
 * are, or -1: the entries made before the checkpoint and the padding of the pads before it, when
 * no such pad got padding after the checkpoint, in the previous walk or in this one (padding
 * goes right after its pad, so it would move every later entry). `pads` is this walk's list.
 */
export function reusablePrefix(from: Checkpoint, prev: WalkRecord, pads: readonly PadState[]): number {
  let P = from.made;
  const atCheckpoint = new Map(from.active.map((a) => [a.pad.index, a.pad.padding.length]));
  for (let p = 0; p < from.pads; p++) {
    const then = atCheckpoint.get(p) ?? prev.pads[p].padding.length;
    if (prev.pads[p].padding.length !== then || pads[p].padding.length !== then) return -1;
    P += then;
  }
  // Every later entry is dated after the prefix, so the prefix also leads the reference order.
  for (let r = 0; r < P; r++) if (prev.referenceOrder[r] >= P) return -1;
  return P;
}

/**
 * Puts back the seq, ref and check results of the previous load's output, which a resumed walk
 * changed in place on the objects it reused (called when the load fails after the walk, so the
 * snapshot still served is as it was).
 */
export function restoreRecord(r: WalkRecord): void {
  const checkById = new Map<string, BalanceCheck>();
  for (const c of r.checks) checkById.set(c.id, c);
  for (let seq = 0; seq < r.entries.length; seq++) {
    const e = r.entries[seq];
    e.seq = seq;
    if (e.txn) e.txn.seq = seq;
    else if (e.type === 'balance') {
      const c = checkById.get(e.id);
      if (c) c.seq = seq;
    }
  }
  for (let ref = 0; ref < r.referenceOrder.length; ref++) r.entries[r.referenceOrder[ref]].ref = ref;
  for (const x of r.implicit) x.row.seq = x.txn.seq!;
}
