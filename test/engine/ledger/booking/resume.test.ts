/**
 * Resuming the booking walk after a reload (booking/resume.ts, issue 15 "reload after a save"): a
 * load with the parse cache resumes the previous load's walk from a checkpoint when the prefix is
 * provably unchanged; the result must be exactly a fresh load's.
 *
 * The property test draws random ledgers (both formats; opens and closes, pads, balances that pass
 * and fail, `with pad` in .zhang, lots under FIFO/LIFO/STRICT, prices, implicit prices, commodity
 * duplicates, syntax and booking errors, several entries a day, files in date order or grouped as
 * bean-example writes them) and random edits (append, insert or delete near the end or anywhere,
 * replace an entry), and compares a load with the cache against a fresh load after every edit:
 * entries, transactions and their rows, balance checks, prices, errors and accounts. Chunks of a
 * few dozen characters make the parse cache keep most directives as the same objects, as it does
 * on a large file.
 *
 * The hand-computed ledgers were checked with bean-check and bean-query 2.3.5 (final versions):
 * "pad served after the checkpoint": no errors, Assets:Bank 100.00 USD, Equity:Opening -150.00 USD;
 * "new account": no errors, Assets:New 25.00 USD, Assets:Bank -85.00 USD; "edit in the middle":
 * one error, "Balance failed for 'Assets:Bank': expected -80.00 USD != accumulated -2041.00 USD
 * (1961.00 too little)"; "an open added later": one error, the 2024-01-20 posting to Expenses:Misc
 * ("Invalid reference to inactive account"), before its 2024-03-01 open.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingCacheOf, loadLedger } from '../../../../engine/ledger/index';
import { ParseCache } from '../../../../engine/ledger/load';
import { restoreRecord, resumeRules, sameValue } from '../../../../engine/ledger/booking/resume';
import { numbersOf } from '../../../../engine/ledger/booking/posting-numbers';
import type { Amount, Snapshot } from '../../../../engine/ledger/snapshot';
import { Dec } from '../../../../engine/decimal';

const NOW = new Date('2025-06-01T12:00:00Z');

function load(file: string, text: string | Map<string, string>, cache?: ParseCache): Snapshot {
  const files = typeof text === 'string' ? new Map([[file, text]]) : text;
  return loadLedger(file, { readFile: (p) => files.get(p) ?? null, fileExists: () => true, now: NOW, defaultTimezone: 'UTC', parseCache: cache });
}

const amt = (a: Amount | null) => (a ? `${a.number.toString()} ${a.currency}` : null);

/** Everything a reader of the snapshot sees of the booking, as plain data. */
function view(s: Snapshot) {
  return {
    entries: s.entries.map((e) => [e.seq, e.ref, e.type, e.id, e.date, e.time, e.timestamp, e.accounts.join(','), e.directive.src.start, e.txn?.id ?? null]),
    referenceOrder: [...s.referenceOrder],
    transactions: s.transactions.map((t) => ({
      seq: t.seq,
      id: t.id,
      flag: t.flag,
      narration: t.narration,
      balanced: t.balanced,
      errors: [...t.errors],
      time: t.time,
      postings: t.postings.map((p) => [
        p.index,
        p.account,
        amt(p.units),
        p.cost ? `${p.cost.number.toString()} ${p.cost.currency} ${p.cost.date} ${p.cost.label}` : null,
        amt(p.price),
        amt(p.weight),
        p.automatic,
        p.txn.id,
      ]),
    })),
    postings: s.postings.map((p) => `${p.txn.seq}|${p.index}|${p.account}|${amt(p.units)}`),
    balances: s.balances.map((b) => [b.id, b.seq, b.account, amt(b.amount), amt(b.actual), b.passed, amt(b.discrepancy), b.pad, b.time, b.tolerance?.toString() ?? null]),
    prices: s.prices.map((p) => [p.seq, p.date, p.currency, amt(p.amount)]),
    documents: s.documents.map((d) => [d.seq, d.date, d.account, d.filename, d.path, d.source, d.transactionId, d.tags.join(','), d.meta.length]),
    directives: [s.notes, s.events, s.commodities, s.customs, s.queries].map((list) => list.map((d) => `${d.type}@${d.src.file}:${d.src.start}`)),
    budgets: [
      s.budgets.definitions().map((d) => [d.name, d.date, d.currency, d.close]),
      s.budgets.events().map((e) => JSON.stringify(e, (_k, v) => (typeof v === 'bigint' ? String(v) : v instanceof Dec ? v.toString() : v))),
    ],
    errors: s.errors.map((e) => ({ ...e, src: e.src ? { ...e.src } : null, metas: e.metas.map((m) => [...m]) })),
    accounts: [...s.accounts].map(([k, v]) => [k, v.booking, v.opens.map((o) => o.src.start), v.closes.map((c) => c.src.start)]),
    numbers: numbersView(s),
  };
}

/**
 * The walk's posting numbers (booking/posting-numbers.ts) as text, row by row; each must state
 * its row's units (places, scaled value when safe, currency), whichever walk placed it.
 */
function numbersView(s: Snapshot): string[] {
  const nums = numbersOf(s.postings);
  expect(nums).toBeDefined();
  const out: string[] = [];
  for (let i = 0; i < s.postings.length; i++) {
    const u = s.postings[i].units;
    const safe = nums!.safe[i] === 1;
    const text = `${nums!.dp[i]}|${safe ? nums!.scaled[i] : '-'}|${nums!.currencies[nums!.currency[i]]}`;
    const x = Number(u.number.scaled);
    expect(text, `row ${i}`).toBe(`${u.number.dp}|${Number.isSafeInteger(x) ? x : '-'}|${u.currency}`);
    out.push(text);
  }
  return out;
}

// ---- random ledgers ----------------------------------------------------------------------------

const PADDED = ['Assets:Bank', 'Assets:Bank:Sub', 'Assets:Cash', 'Equity:Opening'];
const ACCOUNTS = ['Assets:Bank', 'Assets:Bank:Sub', 'Assets:Cash', 'Assets:Broker', 'Expenses:Food', 'Income:Job', 'Equity:Opening', 'Expenses:Misc'];
const METHODS = ['FIFO', 'LIFO', 'STRICT'];
// The rarer kinds (document, a transaction naming a document, event, custom, query, budget) are
// listed apart by the walk (booking/rows.ts EntryKinds): a resumed walk keeps their lists' prefix.
const KINDS = ['txn', 'txn', 'txn', 'txn', 'buy', 'buy', 'sell', 'sellCost', 'price', 'balance', 'balance', 'pad', 'open', 'close', 'unbalanced', 'commodity', 'note', 'garbage', 'balancePad', 'document', 'docTxn', 'event', 'custom', 'query', 'budget'] as const;

interface Block {
  day: number;
  kind: (typeof KINDS)[number];
  a: number;
  b: number;
  n: number;
  m: number;
  hour: number;
}

const blockArb = (maxDay: number): fc.Arbitrary<Block> =>
  fc.record({
    day: fc.integer({ min: 1, max: maxDay }),
    kind: fc.constantFrom(...KINDS),
    a: fc.nat({ max: ACCOUNTS.length - 1 }),
    b: fc.nat({ max: ACCOUNTS.length - 1 }),
    n: fc.integer({ min: 1, max: 60 }),
    m: fc.nat({ max: 5 }),
    hour: fc.nat({ max: 3 }),
  });

function dateOf(day: number): string {
  const d = new Date(Date.UTC(2024, 0, 1) + day * 86400000);
  return d.toISOString().slice(0, 10);
}

function render(b: Block, zhang: boolean): string {
  const time = zhang && b.hour > 0 ? ` 0${b.hour}:00:00` : '';
  const date = dateOf(b.day) + time;
  const A = ACCOUNTS[b.a];
  // Pads and balances on a few related accounts (parent, sub-account, the pads' source), so that
  // pads serve later assertions and correct checks on the parent or source made in between.
  const P = PADDED[b.a % PADDED.length];
  const B = ACCOUNTS[(b.a + 1 + (b.b % (ACCOUNTS.length - 1))) % ACCOUNTS.length];
  const num = `${b.m === 0 ? '-' : ''}${b.n}.${b.m}0`;
  switch (b.kind) {
    case 'txn':
      return `${date} * "p" "t${b.n}"\n  ${A}  ${num} USD\n  ${B}\n`;
    case 'unbalanced':
      return `${date} * "u"\n  ${A}  ${num} USD\n  ${B}  1.00 USD\n`;
    case 'buy':
      // Few distinct costs: lots join, and implicit prices repeat within a day.
      return `${date} * "buy"\n  Assets:Broker  ${b.m + 1} HOOL {${10 + (b.n % 3)}.00 USD${b.hour === 2 ? `, "lot${b.m}"` : ''}}\n  Assets:Bank\n`;
    case 'sell':
      return `${date} * "sell"\n  Assets:Broker  -${b.m + 1} HOOL {} @ ${b.n}.00 USD\n  Income:Job\n`;
    case 'sellCost':
      return `${date} * "sellc"\n  Assets:Broker  -${b.m + 1} HOOL {${10 + (b.n % 3)}.00 USD}\n  Income:Job\n`;
    case 'price':
      return `${date} price HOOL ${b.n}.${b.m} USD\n`;
    case 'balance':
      return `${date} balance ${P}  ${num}${b.hour === 3 ? ' ~ 0.50' : ''} USD\n`;
    case 'balancePad':
      return zhang ? `${date} balance ${P}  ${num} USD with pad Equity:Opening\n` : `${date} balance ${P}  ${num} USD\n`;
    case 'pad':
      return `${date} pad ${P === 'Equity:Opening' ? 'Assets:Bank:Sub' : P} Equity:Opening\n`;
    case 'open':
      return `${date} open ${A}${b.m === 1 ? ' USD' : ''}${A === 'Assets:Broker' ? ` "${METHODS[b.m % 3]}"` : ''}\n`;
    case 'close':
      return `${date} close ${A}\n`;
    case 'commodity':
      return `${date} commodity HOOL\n`;
    case 'note':
      return `${date} note ${A} "n${b.n}"\n`;
    case 'garbage':
      return `${date} bogus ${b.n}\n`;
    case 'document':
      return `${date} document ${A} "docs/r${b.n % 4}.pdf"\n`;
    case 'docTxn':
      return b.m % 2 === 0
        ? `${date} * "d" "doc${b.n}"\n  document: "docs/t${b.n % 3}.pdf"\n  ${A}  ${num} USD\n  ${B}\n`
        : `${date} * "d" "doc${b.n}"\n  ${A}  ${num} USD\n    document: "docs/p${b.n % 3}.pdf"\n  ${B}\n`;
    case 'event':
      return `${date} event "location" "city${b.n % 5}"\n`;
    case 'custom':
      return `${date} custom "fava-option" "x${b.n}"\n`;
    case 'query':
      return `${date} query "q${b.n}" "SELECT account"\n`;
    case 'budget':
      // .zhang budgets (a definition, then amounts added); Beancount reads them as syntax errors.
      return b.m < 2 ? `${date} budget B${b.m} USD\n` : `${date} budget-add B${b.m % 2} ${b.n} USD\n`;
  }
}

interface Ledger {
  zhang: boolean;
  header: string;
  blocks: Block[];
  /** Blocks in two included files (alternately), included in this order or swapped. */
  split: boolean;
  swapped: boolean;
}

const ledgerArb: fc.Arbitrary<Ledger> = fc
  .record({
    zhang: fc.boolean(),
    implicit: fc.boolean(),
    method: fc.constantFrom('FIFO', 'LIFO', 'STRICT'),
    opens: fc.subarray(ACCOUNTS, { minLength: 4 }),
    blocks: fc.array(blockArb(40), { minLength: 10, maxLength: 70 }),
    sorted: fc.integer({ min: 0, max: 9 }),
    split: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ zhang, implicit, method, opens, blocks, sorted, split }) => {
    const header =
      'option "operating_currency" "USD"\n' +
      (implicit ? 'plugin "beancount.plugins.implicit_prices"\n' : '') +
      opens.map((a) => `2024-01-01 open ${a}${a === 'Assets:Broker' ? ` "${method}"` : ''}\n`).join('');
    // Most files are in date order; some grouped (as bean-example writes them): file order then
    // differs from processing order.
    const list = sorted < 7 ? [...blocks].sort((x, y) => x.day - y.day) : blocks;
    return { zhang, header, blocks: list, split: split === 0, swapped: false };
  });

function filesOf(l: Ledger, main: string): Map<string, string> {
  const render1 = (bs: Block[]) => bs.map((b) => render(b, l.zhang)).join('');
  if (!l.split) return new Map([[main, l.header + render1(l.blocks)]]);
  const ext = l.zhang ? 'zhang' : 'beancount';
  const a = l.blocks.filter((_, i) => i % 2 === 0);
  const b = l.blocks.filter((_, i) => i % 2 === 1);
  const inc = l.swapped ? `include "b.${ext}"\ninclude "a.${ext}"\n` : `include "a.${ext}"\ninclude "b.${ext}"\n`;
  return new Map([
    [main, l.header + inc],
    [`/books/a.${ext}`, render1(a)],
    [`/books/b.${ext}`, render1(b)],
  ]);
}

type Edit = { kind: 'append' | 'insertEnd' | 'insert' | 'deleteEnd' | 'delete' | 'replace' | 'swap' | 'repeat'; at: number; block: Block };
const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('append', 'append', 'insertEnd', 'insert', 'deleteEnd', 'delete', 'replace', 'swap', 'repeat', 'repeat'),
  at: fc.nat(),
  block: blockArb(44),
}) as fc.Arbitrary<Edit>;

function applyEdit(l: Ledger, e: Edit): Ledger {
  const blocks = [...l.blocks];
  const n = blocks.length;
  const maxDay = blocks.reduce((m, b) => Math.max(m, b.day), 1);
  // Near the end: the last tenth of the file, dated around its last days (a typical save).
  const late = { ...e.block, day: Math.max(1, maxDay - 2 + (e.block.day % 4)) };
  const endAt = n === 0 ? 0 : n - 1 - (e.at % Math.max(1, Math.ceil(n / 10)));
  switch (e.kind) {
    case 'append':
      blocks.push(late);
      break;
    case 'insertEnd':
      blocks.splice(Math.max(0, endAt), 0, late);
      break;
    case 'insert':
      blocks.splice(n === 0 ? 0 : e.at % n, 0, e.block);
      break;
    case 'deleteEnd':
      if (n > 0) blocks.splice(Math.max(0, endAt), 1);
      break;
    case 'delete':
      if (n > 0) blocks.splice(e.at % n, 1);
      break;
    case 'replace':
      if (n > 0) blocks[e.at % n] = { ...e.block, day: blocks[e.at % n].day };
      break;
    case 'repeat': {
      // Appends another entry of the same kind and day as one near the end (a second balance of
      // a day, a second purchase at a cost already seen that day), sometimes with another amount.
      if (n === 0) break;
      const like = blocks[endAt];
      blocks.push(e.block.m % 2 === 0 ? { ...like } : { ...like, n: e.block.n });
      break;
    }
    case 'swap':
      // The include order of a split ledger: every directive keeps its text and position.
      return { ...l, swapped: !l.swapped };
  }
  return { ...l, blocks };
}

/** Loads the ledger and its edits with one cache, each compared with a fresh load. */
function runEdits(l0: Ledger, edits: Edit[], chunk: number): { resumed: number; full: number } {
  const file = `/books/main.${l0.zhang ? 'zhang' : 'beancount'}`;
  const cache = new ParseCache(chunk);
  let l = l0;
  for (let k = 0; k <= edits.length; k++) {
    if (k > 0) l = applyEdit(l, edits[k - 1]);
    const files = filesOf(l, file);
    expect(view(load(file, files, cache))).toStrictEqual(view(load(file, files)));
  }
  const bc = bookingCacheOf(cache);
  return { resumed: bc.resumed, full: bc.full };
}

describe('resumed booking walk', () => {
  it('equals a fresh load on random ledgers under random edits (both formats)', () => {
    let loads = 0;
    let resumed = 0;
    fc.assert(
      fc.property(ledgerArb, fc.array(editArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 30, max: 200 }), (l, edits, chunk) => {
        const r = runEdits(l, edits, chunk);
        loads += r.resumed + r.full;
        resumed += r.resumed;
      }),
      { numRuns: 250 },
    );
    // The property is about resuming: a good share of the reloads must have resumed.
    expect(resumed).toBeGreaterThan(loads / 5);
  });

  it('fails when a rule is broken: resuming past a changed open gives another result (control)', () => {
    resumeRules.checkAccounts = false;
    try {
      expect(() =>
        fc.assert(
          fc.property(ledgerArb, fc.array(editArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 30, max: 200 }), (l, edits, chunk) => {
            runEdits(l, edits, chunk);
          }),
          { numRuns: 400, seed: 7 },
        ),
      ).toThrow();
    } finally {
      resumeRules.checkAccounts = true;
    }
  });
});

// ---- hand-computed cases -----------------------------------------------------------------------

const FILE = '/books/main.beancount';
const OPENS = `option "operating_currency" "USD"
2024-01-01 open Assets:Bank
2024-01-01 open Equity:Opening
2024-01-01 open Expenses:Food
`;

/** `n` grocery transactions of 1.00 USD, one a day from 2024-01-02. */
function groceries(n: number, from = 2): string {
  let t = '';
  for (let i = 0; i < n; i++) t += `${dateOf(from - 1 + i)} * "Shop" "g${i}"\n  Expenses:Food  1.00 USD\n  Assets:Bank\n`;
  return t;
}

describe('resumed booking walk, by hand', () => {
  it('serves a balance after the checkpoint from a pad before it', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    // 50 groceries (-50.00 USD) after a pad on 2024-01-01 that nothing uses yet.
    const t0 = OPENS + '2024-01-01 pad Assets:Bank Equity:Opening\n' + groceries(50);
    const s0 = load(FILE, t0, cache);
    expect(s0.errors.map((e) => e.kind)).toEqual(['UnusedPad']);
    const t1 = t0 + '2024-02-25 balance Assets:Bank 100.00 USD\n';
    const s1 = load(FILE, t1, cache);
    // Resumed at the first slot of the last date (2024-02-19), long after the pad (slot 4).
    expect([bc.resumed, bc.full]).toEqual([1, 1]);
    expect(s1.entries[bc.lastResumedAt - 1].date).toBeLessThan(s1.entries[bc.lastResumedAt].date);
    expect(bc.lastResumedAt).toBeGreaterThan(40);
    expect(s1.errors).toEqual([]);
    const pad = s1.transactions.find((t) => t.flag === 'P')!;
    expect(pad.postings.map((p) => `${p.account} ${amt(p.units)}`)).toEqual(['Assets:Bank 150.00 USD', 'Equity:Opening -150.00 USD']);
    // Three opens, the pad, then its padding.
    expect(pad.seq).toBe(4);
    const b = s1.balances[0];
    expect([amt(b.actual), b.passed, b.discrepancy]).toEqual(['100.00 USD', true, null]);
    expect(view(s1)).toStrictEqual(view(load(FILE, t1)));
  });

  it('appends a transaction to a new account, opened in the same save', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    const t0 = OPENS + groceries(60);
    load(FILE, t0, cache);
    const t1 = t0 + '2024-03-01 open Assets:New\n2024-03-01 * "move"\n  Assets:New  25.00 USD\n  Assets:Bank\n';
    const s1 = load(FILE, t1, cache);
    expect(bc.resumed).toBe(1);
    // Resumed at the first slot of the previous last date (the last grocery, 2024-02-29): the
    // entries before it were reused; that grocery, the open and the transaction were booked.
    expect(bc.lastResumedAt).toBe(s1.entries.length - 3);
    expect(s1.errors).toEqual([]);
    const sum = (acc: string) => s1.postings.filter((p) => p.account === acc).reduce((x, p) => x.plus(p.units.number), Dec.ZERO).toString();
    expect([sum('Assets:New'), sum('Assets:Bank')]).toEqual(['25.00', '-85.00']);
    expect(s1.accounts.get('Assets:New')?.opens).toHaveLength(1);
    expect(view(s1)).toStrictEqual(view(load(FILE, t1)));
  });

  it('an edit in the middle resumes no later than the edit, with the same result', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    const t0 = OPENS + groceries(80) + '2024-03-25 balance Assets:Bank -80.00 USD\n';
    load(FILE, t0, cache);
    expect(bc.full).toBe(1);
    // The 41st grocery (2024-02-11) becomes 1,962.00 USD: the balance then fails by 1,961.00 USD.
    const t1 = t0.replace('"g40"\n  Expenses:Food  1.00 USD', '"g40"\n  Expenses:Food  1962.00 USD');
    const s1 = load(FILE, t1, cache);
    const edited = s1.transactions.find((t) => t.narration === 'g40')!;
    expect(bc.lastResumedAt).toBeLessThanOrEqual(edited.seq!);
    expect(s1.errors.map((e) => e.kind)).toEqual(['AccountBalanceCheckError']);
    expect([amt(s1.balances[0].actual), amt(s1.balances[0].discrepancy)]).toEqual(['-2041.00 USD', '-1961.00 USD']);
    expect(view(s1)).toStrictEqual(view(load(FILE, t1)));
  });

  it('does not resume past a posting to an account whose open was added later', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    // Expenses:Misc is used on 2024-01-20 (day 19) without an open: AccountDoesNotExist.
    const t0 = OPENS + groceries(18) + '2024-01-20 * "misc"\n  Expenses:Misc  5.00 USD\n  Assets:Bank\n' + groceries(40, 21);
    const s0 = load(FILE, t0, cache);
    expect(s0.errors.map((e) => e.kind)).toEqual(['AccountDoesNotExist']);
    // The save opens it on 2024-03-01: the posting is now before its open.
    const t1 = t0 + '2024-03-01 open Expenses:Misc\n';
    const s1 = load(FILE, t1, cache);
    expect(s1.errors.map((e) => e.message)).toEqual(['Account Expenses:Misc is used before it is opened on 2024-03-01']);
    const misc = s1.transactions.find((t) => t.narration === 'misc')!;
    expect(bc.lastResumedAt).toBeLessThanOrEqual(misc.seq!);
    expect(view(s1)).toStrictEqual(view(load(FILE, t1)));
    // With rule 3 switched off, the walk would keep the old error (the control of the property test).
    const broken = new ParseCache(200);
    load(FILE, t0, broken);
    resumeRules.checkAccounts = false;
    try {
      expect(load(FILE, t1, broken).errors.map((e) => e.message)).toEqual(s0.errors.map((e) => e.message));
    } finally {
      resumeRules.checkAccounts = true;
    }
  });

  it('a load without posting numbers is not resumed from by one that wants them, and none is logged for it', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    const t0 = OPENS + groceries(40);
    const files = new Map([[FILE, t0]]);
    const opts = { readFile: (p: string) => files.get(p) ?? null, fileExists: () => true, now: NOW, defaultTimezone: 'UTC', parseCache: cache };
    const s0 = loadLedger(FILE, { ...opts, postingNumbers: false });
    expect(numbersOf(s0.postings)).toBeUndefined();
    files.set(FILE, t0 + '2024-02-20 * "x"\n  Expenses:Food  2.00 USD\n  Assets:Bank\n');
    const s1 = loadLedger(FILE, opts);
    expect([bc.resumed, bc.full]).toEqual([0, 2]);
    expect(view(s1)).toStrictEqual(view(load(FILE, files)));
  });

  it('counts resumed and whole walks; other options walk whole', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    const t0 = OPENS + groceries(40);
    load(FILE, t0, cache);
    load(FILE, t0 + '2024-02-20 * "x"\n  Expenses:Food  2.00 USD\n  Assets:Bank\n', cache);
    expect([bc.resumed, bc.full]).toEqual([1, 1]);
    // Another booking method: nothing of the previous booking is reused.
    load(FILE, t0.replace('option "operating_currency" "USD"', 'option "operating_currency" "USD"\noption "booking_method" "LIFO"'), cache);
    expect([bc.resumed, bc.full]).toEqual([1, 2]);
    // A plugin that makes directives (an open for Expenses:Auto): whole walks.
    const auto = 'plugin "beancount.plugins.auto_accounts"\n' + t0 + '2024-02-20 * "a"\n  Expenses:Auto  1.00 USD\n  Assets:Bank\n';
    load(FILE, auto, cache);
    load(FILE, auto + '2024-02-21 * "y"\n  Expenses:Food  2.00 USD\n  Assets:Bank\n', cache);
    expect([bc.resumed, bc.full]).toEqual([1, 4]);
  });

  it('restores the previous snapshot when asked (a load failing after a resumed walk)', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    // A pad served by an appended balance adds a padding entry near the start: seq and ref of the
    // reused entries after it change.
    const t0 = OPENS + '2024-01-01 pad Assets:Bank Equity:Opening\n' + groceries(50);
    const s0 = load(FILE, t0, cache);
    const before = s0.entries.map((e) => [e.seq, e.ref, e.txn?.seq ?? null]);
    const record = bc.take()!;
    bc.keep(record);
    const s1 = load(FILE, t0 + '2024-02-25 balance Assets:Bank 100.00 USD\n', cache);
    expect(bc.resumed).toBe(1);
    const reused = s0.entries.filter((e) => s1.entries.includes(e));
    expect(reused.length).toBeGreaterThan(40);
    expect(s0.entries.map((e) => [e.seq, e.ref, e.txn?.seq ?? null])).not.toEqual(before);
    restoreRecord(record);
    expect(s0.entries.map((e) => [e.seq, e.ref, e.txn?.seq ?? null])).toEqual(before);
  });
});

describe('a load failing after a resumed walk', () => {
  it('leaves the previous snapshot as it was, and the next load walks whole', () => {
    const cache = new ParseCache(200);
    const bc = bookingCacheOf(cache);
    let fail = false;
    // Documents are looked up after the walk: a lookup that throws fails the load there.
    const loadWith = (text: string) =>
      loadLedger(FILE, {
        readFile: (p) => (p === FILE ? text : null),
        fileExists: () => {
          if (fail) throw new Error('disk gone');
          return true;
        },
        now: NOW,
        defaultTimezone: 'UTC',
        parseCache: cache,
      });
    const t0 = OPENS + '2024-01-01 pad Assets:Bank Equity:Opening\n' + groceries(50) + '2024-02-20 document Assets:Bank "statement.pdf"\n';
    const s0 = loadWith(t0);
    const before = view(s0);
    // The balance makes the old pad pad: every later reused entry gets another seq before the failure.
    const t1 = t0 + '2024-02-25 balance Assets:Bank 100.00 USD\n';
    fail = true;
    expect(() => loadWith(t1)).toThrow('disk gone');
    expect(bc.resumed).toBe(1);
    expect(view(s0)).toStrictEqual(before);
    fail = false;
    const s2 = loadWith(t1);
    expect([bc.resumed, bc.full]).toEqual([1, 2]);
    expect(view(s2)).toStrictEqual(view(load(FILE, t1)));
    expect(s2.transactions.find((t) => t.flag === 'P')!.seq).toBe(4);
  });
});

describe('sameValue', () => {
  it('compares decimals by value and places, class getters, and nothing else loosely', () => {
    expect(sameValue({ a: Dec.parse('1.50'), b: [1, 'x'] }, { a: Dec.parse('1.50'), b: [1, 'x'] })).toBe(true);
    expect(sameValue(Dec.parse('1.50'), Dec.parse('1.5'))).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue(new Map([[1, 2]]), new Map([[1, 2]]))).toBe(false);
    class P {
      #at: number;
      constructor(at: number) {
        this.#at = at;
      }
      get at() {
        return this.#at;
      }
    }
    expect(sameValue(new P(1), new P(1))).toBe(true);
    expect(sameValue(new P(1), new P(2))).toBe(false);
  });
});
