import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Dec } from '../../engine/decimal';
import { DOCUMENT_FILES, generateLedger, type GenFormat } from '../../main/gen/ledger-generator';
import { parseGenArgs, writeLedger } from '../../main/cli/gen-ledger';

const here = dirname(new URL(import.meta.url).pathname);
const root = join(here, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'gen-ledger-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * An independent re-reading of generated text (it knows only the written syntax, not the
 * generator's books): interpolates the one missing amount, books lots FIFO for `{}` and by
 * cost+date for named lots, applies pads, and checks every balance assertion and every
 * transaction's balance exactly.
 */
interface Recount {
  transactions: number;
  postings: number;
  assertionsChecked: number;
  padsApplied: number;
  failures: string[];
  units: Map<string, Map<string, Dec>>;
}

const D = (s: string) => Dec.of(s);

function recount(text: string): Recount {
  const units = new Map<string, Map<string, Dec>>();
  const lots = new Map<string, { units: Dec; cost: Dec; date: string; label: string | null }[]>();
  const failures: string[] = [];
  const pendingPad = new Map<string, string>();
  const get = (a: string, c: string) => units.get(a)?.get(c) ?? Dec.ZERO;
  const add = (a: string, c: string, n: Dec) => {
    let m = units.get(a);
    if (!m) units.set(a, (m = new Map()));
    m.set(c, get(a, c).plus(n));
  };
  const out: Recount = { transactions: 0, postings: 0, assertionsChecked: 0, padsApplied: 0, failures, units };
  const lines = text.split('\n');
  let lastDate = '';

  const balance = (lineNo: number, date: string, account: string, num: string, cur: string, pad: string | null) => {
    const want = D(num);
    const source = pad ?? pendingPad.get(account) ?? null;
    if (source !== null) {
      const delta = want.minus(get(account, cur));
      add(account, cur, delta);
      add(source, cur, delta.neg());
      pendingPad.delete(account);
      out.padsApplied++;
    } else if (!get(account, cur).eq(want)) {
      failures.push(`line ${lineNo}: ${date} balance ${account} ${num} ${cur} but the postings give ${get(account, cur)}`);
    }
    out.assertionsChecked++;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const head = /^(\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2}(?::\d{2})?)? (\S+)(.*)$/.exec(line);
    i++;
    if (!head) continue;
    const [, date, kw, rest] = head;
    if (date < lastDate) failures.push(`line ${i}: date ${date} after ${lastDate}: file order is not date order`);
    lastDate = date;
    if (kw === 'balance') {
      const m = /^ (\S+) (\S+) (\S+)(?: with pad (\S+))?$/.exec(rest)!;
      balance(i, date, m[1], m[2], m[3], m[4] ?? null);
      continue;
    }
    if (kw === 'pad') {
      const [, account, source] = rest.split(' ');
      pendingPad.set(account, source);
      continue;
    }
    if (kw !== '*' && kw !== '!') continue;
    // A transaction: its posting lines follow, indented by two spaces and starting with a capital.
    out.transactions++;
    const weights = new Map<string, Dec>();
    const addWeight = (c: string, n: Dec) => weights.set(c, (weights.get(c) ?? Dec.ZERO).plus(n));
    let missing: string | null = null;
    while (i < lines.length && lines[i].startsWith('  ')) {
      const p = lines[i++];
      if (!/^  [A-Z]/.test(p)) continue; // metadata
      out.postings++;
      const m = /^  (\S+)(?:  (-?\d+(?:\.\d+)?) (\S+)(?: (\{\{.*\}\}|\{.*\}))?(?: (@@?) (-?\d+(?:\.\d+)?) (\S+))?)?$/.exec(p);
      if (!m) {
        failures.push(`line ${i}: unreadable posting ${p}`);
        continue;
      }
      const [, account, num, cur, cost, priceOp, priceNum, priceCur] = m;
      if (num === undefined) {
        if (missing) failures.push(`line ${i}: two postings without amount`);
        missing = account;
        continue;
      }
      const n = D(num);
      add(account, cur, n);
      if (cost) {
        const total = /^\{\{(\S+) (\S+)\}\}$/.exec(cost);
        const per = /^\{(\S+) (\S+?)(?:, (\d{4}-\d{2}-\d{2}))?(?:, "([^"]*)")?\}$/.exec(cost);
        const list = lots.get(account) ?? [];
        lots.set(account, list);
        if (total) {
          addWeight(total[2], n.isNeg() ? D(total[1]).neg() : D(total[1]));
          list.push({ units: n, cost: D(total[1]).div(n)!, date, label: null });
        } else if (cost === '{}') {
          // Reduction: oldest lots first.
          let left = n.neg();
          while (left.isPos()) {
            const lot = list[0];
            if (!lot) {
              failures.push(`line ${i}: ${account} sells ${n.neg()} ${cur} beyond its lots`);
              break;
            }
            const take = lot.units.cmp(left) <= 0 ? lot.units : left;
            addWeight(per ? per[2] : 'USD', take.times(lot.cost).neg());
            lot.units = lot.units.minus(take);
            left = left.minus(take);
            if (lot.units.isZero()) list.shift();
          }
        } else if (per && n.isNeg()) {
          const lot = list.find((l) => l.cost.eq(D(per[1])) && l.date === per[3]);
          if (!lot || lot.units.cmp(n.neg()) < 0) failures.push(`line ${i}: no lot ${cost} covering ${n.neg()} in ${account}`);
          else {
            lot.units = lot.units.plus(n);
            if (lot.units.isZero()) list.splice(list.indexOf(lot), 1);
          }
          addWeight(per[2], n.times(D(per[1])));
        } else if (per) {
          const label = per[4] ?? null;
          const same = list.find((l) => l.cost.eq(D(per[1])) && l.date === date && l.label === label);
          if (same) same.units = same.units.plus(n);
          else list.push({ units: n, cost: D(per[1]), date, label });
          addWeight(per[2], n.times(D(per[1])));
        } else failures.push(`line ${i}: unreadable cost ${cost}`);
      } else if (priceOp === '@') addWeight(priceCur, n.times(D(priceNum)));
      else if (priceOp === '@@') addWeight(priceCur, n.isNeg() ? D(priceNum).neg() : D(priceNum));
      else addWeight(cur, n);
    }
    const unbalanced = [...weights].filter(([, w]) => !w.isZero());
    if (missing) {
      if (unbalanced.length !== 1) failures.push(`line ${i}: cannot interpolate ${missing} from ${unbalanced.length} residual currencies`);
      else add(missing, unbalanced[0][0], unbalanced[0][1].neg());
    } else if (unbalanced.length) failures.push(`line ${i}: transaction does not balance: ${unbalanced.map(([c, w]) => `${w} ${c}`).join(', ')}`);
  }
  return out;
}

const countTxnHeaders = (text: string) => (text.match(/^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)? [*!] /gm) ?? []).length;

describe('generateLedger determinism', () => {
  it('gives the same bytes for the same seed and different bytes for another seed', () => {
    const a = generateLedger({ transactions: 800, seed: 42 }).text;
    const b = generateLedger({ transactions: 800, seed: 42 }).text;
    const c = generateLedger({ transactions: 800, seed: 43 }).text;
    expect(a.length).toBeGreaterThan(50_000);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    // Same cast of accounts, different events.
    expect(c.slice(0, 2000)).toBe(a.slice(0, 2000));
  });

  it('is deterministic in the zhang format too, and differs from the beancount text', () => {
    const z1 = generateLedger({ transactions: 500, seed: 'z', format: 'zhang' }).text;
    const z2 = generateLedger({ transactions: 500, seed: 'z', format: 'zhang' }).text;
    expect(z2).toBe(z1);
    expect(generateLedger({ transactions: 500, seed: 'z' }).text).not.toBe(z1);
  });
});

describe('generateLedger content', () => {
  it.each([0, 1, 37, 2000])('writes exactly %i transactions', (n) => {
    const { text, stats } = generateLedger({ transactions: n, seed: 5 });
    expect(countTxnHeaders(text)).toBe(n);
    expect(stats.transactions).toBe(n);
  });

  it('stops at the requested number of postings in postings mode', () => {
    const { text, stats } = generateLedger({ postings: 5000, seed: 5 });
    const r = recount(text);
    expect(r.postings).toBe(stats.postings);
    expect(stats.postings).toBeGreaterThanOrEqual(5000);
    // The last transaction crosses the target: at most one transaction's postings beyond it.
    expect(stats.postings).toBeLessThan(5000 + 20);
  });

  it('covers several years and hundreds of accounts, some closed', () => {
    const { text, stats } = generateLedger({ transactions: 2000, seed: 9 });
    expect(text).toMatch(/^2023-01-01 open /m);
    expect(text).toMatch(/^2025-12-31 /m);
    expect(stats.accounts).toBeGreaterThanOrEqual(200);
    expect((text.match(/^\d{4}-\d{2}-\d{2} open /gm) ?? []).length).toBe(stats.accounts);
    // Savings goals closed every December 31, tax accounts two years on.
    expect(text).toMatch(/^2023-12-31 close Assets:Savings:Goal2023$/m);
    expect(text).toMatch(/^2025-01-01 close Expenses:Taxes:Y2023:Federal$/m);
  });

  it('has every directive kind the app shows (beancount syntax)', () => {
    const { text } = generateLedger({ transactions: 2000, seed: 9 });
    for (const re of [
      /^\d{4}-\d{2}-\d{2} price ACME \d+\.\d{2} USD$/m,
      /^\d{4}-\d{2}-\d{2} price USD \d+\.\d{4} CHF$/m,
      /^\d{4}-\d{2}-\d{2} pad Assets:Cash:Wallet Expenses:Food:Snacks$/m,
      /^\d{4}-\d{2}-\d{2} note \S+ "/m,
      /^\d{4}-\d{2}-\d{2} event "location" "/m,
      /^\d{4}-\d{2}-\d{2} document Assets:US:BofA:Checking "documents\/statement.pdf"/m,
      /^2023-01-01 custom "budget" "Food" "USD"\n  alias: "Groceries and eating out"\n  category: "Living"$/m,
      /^\d{4}-\d{2}-01 custom "budget-add" "Food" 650.00 USD$/m,
      /^\d{4}-12-15 custom "budget-transfer" "Transport" "Food" 50.00 USD$/m,
      /^\d{4}-\d{2}-\d{2} custom "budget-close" "Kids"$/m,
      /^2023-01-01 open Expenses:Food:Restaurant\n  budget: "Food"\n  budget: "Fun"$/m,
      /^2023-01-01 open Assets:Invest:Alpha:ACME ACME "FIFO"$/m,
      /^  Assets:Invest:\w+:\S+  -\d+ \S+ \{\} @ \d+\.\d\d USD$/m,
      /^  Assets:Invest:\w+:\S+  -\d+ \S+ \{\d+\.\d\d USD, \d{4}-\d{2}-\d{2}\} @ \d+\.\d\d USD$/m,
      /^  Assets:Invest:\w+:\S+  \d+ \S+ \{\{\d+\.\d\d USD\}\}$/m,
      /^  Assets:Invest:Alpha:\S+  \d+ \S+ \{\d+\.\d\d USD, "lot-\d+"\}$/m,
      /^  Income:Invest:\w+:PnL$/m,
      /^  \S+  \d+\.\d\d [A-Z]{3} @@ \d+\.\d\d USD$/m,
      /^  \S+  \d+ (EUR|GBP|CHF) @ \d+\.\d\d USD$/m,
      /^\d{4}-\d{2}-\d{2} [*!] .* #\S+/m,
      /^\d{4}-\d{2}-\d{2} [*!] .* \^\S+/m,
      /^  time: "\d\d:\d\d"$/m,
      /^  document: "documents\/receipt.txt"$/m,
      /^    (note|ticker): "/m,
      /^\d{4}-\d{2}-\d{2} ! /m,
    ]) {
      expect(text, String(re)).toMatch(re);
    }
  });

  it('uses zhang syntax in the zhang format: times, native budgets, balance with pad', () => {
    const { text } = generateLedger({ transactions: 2000, seed: 9, format: 'zhang' });
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? \* /m);
    expect(text).toMatch(/^2023-01-01 budget Food USD\n  alias: "Groceries and eating out"$/m);
    expect(text).toMatch(/^\d{4}-\d{2}-01 budget-add Food 650.00 USD$/m);
    expect(text).toMatch(/^\d{4}-12-15 budget-transfer Transport Food 50.00 USD$/m);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} budget-close Kids$/m);
    expect(text).toMatch(/^\d{4}-\d{2}-28 balance Assets:Cash:Wallet \d+\.\d\d USD with pad Expenses:Food:Snacks$/m);
    expect(text).toMatch(/^option "timezone" "Europe\/Berlin"$/m);
    expect(text).not.toMatch(/ custom /);
    expect(text).not.toMatch(/^\d{4}-\d{2}-\d{2} pad /m);
    expect(text).not.toMatch(/time: "/);
  });
});

describe('generated balances recomputed independently', () => {
  it.each<[GenFormat, number | string]>([
    ['beancount', 1],
    ['beancount', 'other seed'],
    ['zhang', 3],
  ])('every assertion holds and every transaction balances (%s, seed %s)', (format, seed) => {
    const { text, stats } = generateLedger({ transactions: 3000, seed, format });
    const r = recount(text);
    expect(r.failures).toEqual([]);
    expect(r.transactions).toBe(3000);
    expect(r.postings).toBe(stats.postings);
    expect(r.assertionsChecked).toBe(stats.balances);
    expect(r.assertionsChecked).toBeGreaterThan(900);
    // 36 monthly wallet pads plus the 11 opening pads (3 US banks, 3 foreign banks, wallet, 4 brokers).
    expect(r.padsApplied).toBe(36 + 11);
    // No holding goes negative.
    for (const [account, byCur] of r.units) {
      if (!account.startsWith('Assets:Invest:') || account.endsWith(':Cash')) continue;
      for (const [cur, n] of byCur) expect(n.isNeg(), `${account} ${cur} ${n}`).toBe(false);
    }
  });

  it('holds for many seeds and both formats, in transactions and postings mode', () => {
    for (let seed = 100; seed < 112; seed++) {
      const format: GenFormat = seed % 2 ? 'zhang' : 'beancount';
      const opts = seed % 3 ? { transactions: 1200, seed, format } : { postings: 3000, seed, format };
      const r = recount(generateLedger(opts).text);
      expect(r.failures, `seed ${seed}`).toEqual([]);
    }
  });

  it('catches a broken assertion (the recount can fail)', () => {
    const { text } = generateLedger({ transactions: 300, seed: 1 });
    const broken = text.replace(/^(\d{4}-\d{2}-01 balance Assets:US:Chase:Checking )(\d+)/m, (_, a, n) => a + (Number(n) + 1));
    expect(broken).not.toBe(text);
    expect(recount(broken).failures.length).toBe(1);
  });
});

describe('gen-ledger command line', () => {
  it('reads its options and rejects bad ones with a message', () => {
    expect(parseGenArgs(['--transactions', '10', '--seed', 'abc', '--format', 'zhang', '--out', 'x.zhang'])).toEqual({
      transactions: 10,
      seed: 'abc',
      format: 'zhang',
      out: 'x.zhang',
    });
    expect(parseGenArgs(['--seed', '1'])).toMatch(/--transactions N .* is required/);
    expect(parseGenArgs(['--transactions', '-3'])).toMatch(/--transactions must be an integer >= 0, got '-3'/);
    expect(parseGenArgs(['--transactions', '3', '--format', 'ledger'])).toMatch(/--format must be beancount or zhang/);
    expect(parseGenArgs(['--transactions'])).toMatch(/--transactions needs a value/);
    expect(parseGenArgs(['--transactions', '1', '--postings', '2'])).toMatch(/not both/);
    expect(parseGenArgs(['--bogus'])).toMatch(/unknown option --bogus/);
  });

  it('streams the same bytes to a file and writes the document files next to it', async () => {
    const file = join(tmp, 'cli', 'x.beancount');
    const stats = await writeLedger({ transactions: 700, seed: 8 }, file);
    const { text } = generateLedger({ transactions: 700, seed: 8 });
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(stats.transactions).toBe(700);
    for (const d of DOCUMENT_FILES) expect(existsSync(join(tmp, 'cli', d.path))).toBe(true);
  });
});

const haveBeanCheck = spawnSync('bean-check', ['--version']).status === 0;

describe.skipIf(!haveBeanCheck)('bean-check accepts the generated ledger', () => {
  it('reports zero errors for 2000 transactions', async () => {
    const file = join(tmp, 'bc', 'ledger.beancount');
    await writeLedger({ transactions: 2000, seed: 2024 }, file);
    const res = spawnSync('bean-check', [file], { encoding: 'utf8', env: { ...process.env, BEANCOUNT_DISABLE_LOAD_CACHE: '1' } });
    expect(res.stdout + res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});

// The engine's loader lands separately; these run once it exists.
const haveLoader = existsSync(join(root, 'engine/ledger/load.ts'));
const haveLedger = haveLoader && existsSync(join(root, 'engine/ledger/index.ts'));

describe.skipIf(!haveLoader)('the engine reads the generated ledger', () => {
  it.each<GenFormat>(['beancount', 'zhang'])('parses the %s format without errors', async (format) => {
    const file = join(tmp, 'load', `ledger.${format}`);
    await writeLedger({ transactions: 1500, seed: 77, format }, file);
    const loadPath = '../../engine/ledger/load';
    const { loadFiles } = await import(/* @vite-ignore */ loadPath);
    const res = loadFiles(file);
    expect(res.errors).toEqual([]);
    const txns = res.directives.filter((d: { type: string }) => d.type === 'transaction');
    expect(txns.length).toBe(1500);
  });
});

describe.skipIf(!haveLedger)('the engine books the generated ledger', () => {
  it.each<GenFormat>(['beancount', 'zhang'])('books the %s format without errors and with the recounted balances', async (format) => {
    const file = join(tmp, 'book', `ledger.${format}`);
    await writeLedger({ transactions: 1500, seed: 78, format }, file);
    const indexPath = '../../engine/ledger/index';
    const { loadLedger } = await import(/* @vite-ignore */ indexPath);
    const snap = loadLedger(file);
    expect(snap.errors.map((e: { message: string }) => e.message)).toEqual([]);
    expect(snap.balances.every((b: { passed: boolean }) => b.passed)).toBe(true);
    const r = recount(generateLedger({ transactions: 1500, seed: 78, format }).text);
    const engine = new Map<string, Dec>();
    for (const p of snap.postings) {
      const k = p.account + ' ' + p.units.currency;
      engine.set(k, (engine.get(k) ?? Dec.ZERO).plus(p.units.number));
    }
    for (const [account, byCur] of r.units)
      for (const [cur, n] of byCur) {
        const got = engine.get(account + ' ' + cur) ?? Dec.ZERO;
        expect(got.eq(n), `${account} ${cur}: engine ${got}, recount ${n}`).toBe(true);
      }
  });
});
