/**
 * The dashboard's server time (issue 15 section 4): the four requests DashboardPage.vue makes
 * for the year so far (summary, net worth by week, income and expenses by month, the Expenses
 * breakdown), each computed as an engine worker computes it after a load: after the idle warm-up
 * of the query caches (main/engine/worker.ts, warm), without the answer caches (a repeated visit
 * is served from them in well under a millisecond). Figures:
 * - the first visit in a fresh process: every query's code runs for the first time (once per
 *   worker, when the app starts);
 * - the visit after a save: the ledger loaded again with one more transaction on its last day
 *   than the load before (a copy of the last one without cost or price, as a save of today's
 *   spending adds), through the parse cache as the worker loads it (the walk resumes: the rows
 *   before the save are the same objects, whose columns carry over), the old
 *   snapshot's sums offered to the new one as the worker does (carryQueryCaches: the rows before
 *   the edit are the same rows), then the visit; the median of RELOADS such rounds, each
 *   request's figure the median of its own: what an open dashboard asks after every save of a
 *   session, with the code compiled by the earlier visits as in a worker that has served a while;
 * - the same after a save but before the warm-up (median of RELOADS totals): a dashboard asked
 *   the moment a save is served reaches the worker that booked it before its idle warm-up.
 *
 * "The year so far" is taken at the ledger's last posting (the bench ledgers end in the past: the
 * year of today would have no postings and value the whole balance at every point instead).
 */
import path from 'node:path';
import { civilFromDays, daysFromCivil, formatDate, type DayNum } from '../../engine/dates';
import { loadLedger } from '../../engine/ledger/index';
import type { ParseCache } from '../../engine/ledger/load';
import type { Snapshot } from '../../engine/ledger/snapshot';
import { readSharedBytesOrNull, recordingReader } from '../engine/read-files';
import { carryQueryCaches, warmQueryCaches } from '../../engine/query/index';
import { buildAccountType } from '../server/statistic/account-type';
import { buildGraph } from '../server/statistic/graph';
import { buildSummary } from '../server/statistic/summary';

export interface DashboardRange {
  from: DayNum;
  to: DayNum;
}

/** January 1st of the last posting's year to that posting's day; null without postings. */
export function lastYearSoFar(snapshot: Snapshot): DashboardRange | null {
  const ps = snapshot.postings;
  if (ps.length === 0) return null;
  let to = ps[0].txn.date;
  for (let i = 1; i < ps.length; i++) if (ps[i].txn.date > to) to = ps[i].txn.date;
  return { from: daysFromCivil(civilFromDays(to)[0], 1, 1), to };
}

function visit(snapshot: Snapshot, range: DashboardRange, out: Record<string, number | string>, prefix: string, warm = true): number {
  if (warm) warmQueryCaches(snapshot);
  let total = 0;
  const time = (name: string, fn: () => unknown) => {
    const t0 = performance.now();
    fn();
    const ms = performance.now() - t0;
    out[`${prefix}${name} ms`] = ms;
    total += ms;
  };
  time('summary', () => buildSummary(snapshot, range));
  time('graph week', () => buildGraph(snapshot, range, 'week'));
  time('graph month', () => buildGraph(snapshot, range, 'month'));
  time('expenses', () => buildAccountType(snapshot, 'Expenses', range));
  return total;
}

export const RELOADS = 9;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The text a save appends in round `round`: a copy, dated the ledger's last posting day, of the
 * last transaction whose postings have neither cost nor price (so it books the same way), or ''
 * when there is none.
 */
export function savedEdit(snapshot: Snapshot, round: number): string {
  const ts = snapshot.transactions;
  for (let i = ts.length - 1; i >= 0; i--) {
    const t = ts[i];
    if (t.flag === 'P' || t.postings.length === 0 || t.postings.some((p) => p.cost !== null || p.price !== null)) continue;
    const day = lastYearSoFar(snapshot)!.to;
    const lines = t.postings.map((p) => `  ${p.account}  ${p.units.number.toString()} ${p.units.currency}`);
    return `\n${formatDate(day)} * "bench save ${round}"\n${lines.join('\n')}\n`;
  }
  return '';
}

/**
 * The load of timeDashboard as an engine worker makes it (main/engine/worker.ts): the files read
 * by the worker's reader into shared memory, an ASCII file parsed as its bytes (never a text in
 * the heap), through `parseCache`; the main file is `mainBytes` with the edit appended. The
 * section first gave the engine the main file as a JS string: a 35 MB text in the heap per save
 * of the xlarge ledger (50-70 MB allocated per reload instead of 12-29), whose full collections
 * then fell on the visits that followed. `wrap` runs each load (the bench: firstLoadJit).
 */
export function workerLoad(
  file: string,
  mainBytes: Uint8Array,
  parseCache: ParseCache,
  wrap: (load: () => Snapshot) => Snapshot = (load) => load(),
): (edit: string) => Snapshot {
  const main = path.resolve(file);
  return (edit: string) => {
    const added = Buffer.from(edit, 'utf8');
    const read = (abs: string) => {
      if (abs !== main) return readSharedBytesOrNull(abs);
      const bytes = new Uint8Array(new SharedArrayBuffer(mainBytes.byteLength + added.byteLength));
      bytes.set(mainBytes);
      bytes.set(added, mainBytes.byteLength);
      return bytes;
    };
    const reader = recordingReader(main, undefined, { read });
    return wrap(() => loadLedger(main, { readFile: reader.readFile, readSource: reader.readSource, parseCache }));
  };
}

/**
 * `load(edits)` loads the ledger anew with `edits` appended to its main file (a fresh snapshot;
 * '' for the file as it is).
 */
export function timeDashboard(load: (edit: string) => Snapshot, reloads = RELOADS): Record<string, number | string> {
  let snapshot: Snapshot = load('');
  const range = lastYearSoFar(snapshot);
  if (range === null) return { 'first visit ms': 'n/a (no postings)' };
  const out: Record<string, number | string> = {};
  out['first visit ms'] = visit(snapshot, range, out, '');
  let round = 0;
  // Saves accumulate: each adds one transaction to what the previous one wrote.
  let edits = '';
  const save = (): Snapshot => {
    edits += savedEdit(snapshot, ++round);
    const next = load(edits);
    carryQueryCaches(snapshot, next);
    return next;
  };
  const rounds: Record<string, number>[] = [];
  for (let k = 0; k < reloads; k++) {
    snapshot = save();
    const round: Record<string, number | string> = {};
    const total = visit(snapshot, range, round, '');
    rounds.push({ ...(round as Record<string, number>), total });
  }
  for (const key of Object.keys(rounds[0])) {
    const name = key === 'total' ? 'after reload ms' : `after reload: ${key}`;
    out[name] = median(rounds.map((r) => r[key]));
  }
  // The same visit without the warm-up: what the first dashboard after a save costs when it
  // reaches the worker that has just booked the new snapshot, before that worker's idle warm-up
  // (main/engine/pool.ts warms only while another worker is free to serve).
  const cold: number[] = [];
  for (let k = 0; k < reloads; k++) {
    snapshot = save();
    cold.push(visit(snapshot, range, {}, '', false));
  }
  out['after reload, before the warm-up ms'] = median(cold);
  return out;
}
