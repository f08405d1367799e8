/**
 * Cross-check against Beancount 2.3.5 on two bean-example ledgers (test/fixtures/bean-example/).
 * The expected figures were computed by Beancount itself (expected.py, which documents how each
 * is counted): directive counts and zero errors at parse level; zero errors, transaction and
 * posting counts, and every account's final inventory (units and cost per lot, exact decimal
 * strings as `SELECT account, sum(position) GROUP BY account` reports them) at booked level.
 *
 * The engine's modules are imported dynamically so this file can sit in the tree before they land;
 * each level runs once its module exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { formatDate } from '../../../engine/dates';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'bean-example');
const LEDGERS = ['seed3-2021-2023', 'seed11-2016-2019'];

interface ExpectedPosition {
  units: { number: string; currency: string };
  cost: null | { number: string; currency: string; date: string | null; label: string | null };
}
interface Expected {
  parse_errors: number;
  errors: number;
  parsed: Record<string, number>;
  loaded: Record<string, number>;
  balances: Record<string, ExpectedPosition[]>;
}

const expected = (name: string): Expected => JSON.parse(readFileSync(join(FIXTURES, `${name}.expected.json`), 'utf8'));
const ledgerPath = (name: string) => join(FIXTURES, `${name}.beancount`);

const haveLoad = existsSync(join(ROOT, 'engine/ledger/load.ts'));
const haveIndex = haveLoad && existsSync(join(ROOT, 'engine/ledger/index.ts'));

/** Directive types whose counts Beancount reports; the engine's AST names them the same way. */
const TYPES = ['transaction', 'open', 'close', 'commodity', 'balance', 'pad', 'price', 'note', 'document', 'event', 'custom', 'query'];

describe('the fixtures themselves', () => {
  it.each(LEDGERS)('%s: Beancount reported zero errors and real content', (name) => {
    const e = expected(name);
    expect(e.errors).toBe(0);
    expect(e.parse_errors).toBe(0);
    expect(e.parsed.transaction).toBeGreaterThan(1000);
    expect(Object.keys(e.balances).length).toBeGreaterThan(50);
    // Lots at cost are present, so the booked comparison covers cost and lot dates.
    expect(Object.values(e.balances).flat().some((p) => p.cost !== null)).toBe(true);
  });
});

describe.skipIf(!haveLoad)('parse level (loadFiles) agrees with Beancount', () => {
  it.each(LEDGERS)('%s: zero errors and the same number of each directive', async (name) => {
    const loadPath = '../../../engine/ledger/load';
    const { loadFiles } = await import(/* @vite-ignore */ loadPath);
    const res = loadFiles(ledgerPath(name));
    const e = expected(name);
    expect(res.errors).toEqual([]);
    const counts: Record<string, number> = Object.fromEntries(TYPES.map((t) => [t, 0]));
    let postings = 0;
    for (const d of res.directives) {
      counts[d.type] = (counts[d.type] ?? 0) + 1;
      if (d.type === 'transaction') postings += d.postings.length;
    }
    for (const t of TYPES) expect(counts[t], t).toBe(e.parsed[t]);
    expect(postings).toBe(e.parsed.postings);
    expect(res.directives.length).toBe(e.parsed.total);
  });
});

interface LotKey {
  units: Dec;
  currency: string;
  cost: null | { number: Dec; currency: string; date: number; label: string | null };
}

/** Final inventory per account from the booked postings: lots of identical cost merge, zero lots drop. */
function inventories(postings: { account: string; units: { number: Dec; currency: string }; cost: any }[]): Map<string, ExpectedPosition[]> {
  const byAccount = new Map<string, Map<string, LotKey>>();
  for (const p of postings) {
    let inv = byAccount.get(p.account);
    if (!inv) byAccount.set(p.account, (inv = new Map()));
    const c = p.cost;
    const key = c
      ? `${p.units.currency}|${c.number.toString()}|${c.currency}|${c.date}|${c.label ?? ''}`
      : `${p.units.currency}|`;
    const lot = inv.get(key);
    if (lot) lot.units = lot.units.plus(p.units.number);
    else inv.set(key, { units: p.units.number, currency: p.units.currency, cost: c ? { number: c.number, currency: c.currency, date: c.date, label: c.label } : null });
  }
  const out = new Map<string, ExpectedPosition[]>();
  for (const [account, inv] of byAccount) {
    const lots = [...inv.values()].filter((l) => !l.units.isZero());
    // The spec's inventory order (and expected.py's): currency, then no cost first, then cost number, date, label.
    lots.sort(
      (a, b) =>
        (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
        (a.cost ? 1 : 0) - (b.cost ? 1 : 0) ||
        (a.cost && b.cost ? a.cost.number.cmp(b.cost.number) || a.cost.date - b.cost.date || (a.cost.label ?? '').localeCompare(b.cost.label ?? '') : 0),
    );
    out.set(
      account,
      lots.map((l) => ({
        units: { number: l.units.toString(), currency: l.currency },
        cost: l.cost ? { number: l.cost.number.toString(), currency: l.cost.currency, date: formatDate(l.cost.date), label: l.cost.label } : null,
      })),
    );
  }
  return out;
}

describe.skipIf(!haveIndex)('booked level (loadLedger) agrees with Beancount', () => {
  it.each(LEDGERS)('%s: zero errors, same transactions and postings, same final lots per account', async (name) => {
    const indexPath = '../../../engine/ledger/index';
    const { loadLedger } = await import(/* @vite-ignore */ indexPath);
    const snap = loadLedger(ledgerPath(name));
    const e = expected(name);
    expect(snap.errors.map((x: { kind: string; message: string }) => `${x.kind}: ${x.message}`)).toEqual([]);
    expect(snap.transactions.length).toBe(e.loaded.transaction);
    expect(snap.transactions.filter((t: { flag: string }) => t.flag !== 'P').length).toBe(e.loaded.transaction_without_padding);
    expect(snap.postings.length).toBe(e.loaded.postings);
    expect(snap.balances.length).toBe(e.loaded.balance);
    expect(snap.balances.every((b: { passed: boolean }) => b.passed)).toBe(true);
    const got = inventories(snap.postings);
    expect([...got.keys()].sort()).toEqual(Object.keys(e.balances).sort());
    for (const [account, positions] of Object.entries(e.balances)) expect(got.get(account), account).toEqual(positions);
  });
});
