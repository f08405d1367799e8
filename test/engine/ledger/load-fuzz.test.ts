/**
 * Property test of the whole load (issue 14 §1): mutated and random ledger text never makes
 * `loadLedger` throw, through every stage after parsing too (options, plugins, booking with lots,
 * pads and balances, prices, documents, budgets, includes). Problems are ledger errors only, each
 * with a kind, a message and, when it has a position, one inside its file. (The parser alone is
 * fuzzed in syntax/fuzz.test.ts; this drives the stages behind it.)
 *
 * Bounded: a few hundred small ledgers, each loaded as Beancount and as .zhang. bean-check 2.3.5 on
 * the seed (with receipt.pdf present) reports the same single problem, the include of main.bean
 * from other.bean ("Duplicate filename parsed").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../engine/ledger';
import { MAX_ERROR_SOURCE_BYTES } from '../../../engine/ledger/error-source';

const SEED = `option "title" "Fuzz"
option "operating_currency" "USD"
option "booking_method" "FIFO"
option "inferred_tolerance_default" "USD:0.005"
plugin "beancount.plugins.auto"
2019-12-31 custom "budget" "Food" "USD"
2020-01-01 open Assets:Bank USD,EUR
2020-01-01 open Assets:Broker HOOL "STRICT"
  budget: "Food"
2020-01-01 open Expenses:Food
2020-01-01 open Income:Job
2020-01-01 open Equity:Opening
2020-01-01 commodity HOOL
  precision: 2
2020-01-02 pad Assets:Bank Equity:Opening
2020-01-03 balance Assets:Bank 1000.00 USD
2020-01-04 * "Job" "Pay" #work ^p1
  Income:Job  -500 USD
  Assets:Bank
2020-01-05 * "Broker" "Buy"
  Assets:Broker  10 HOOL {20.00 USD, 2020-01-05, "lot1"}
  Assets:Bank  -200.00 USD
2020-02-01 * "Broker" "Sell"
  Assets:Broker  -4 HOOL {20.00 USD} @ 25.00 USD
  Assets:Bank  100.00 USD
  Income:Job
2020-02-02 price HOOL 26.00 USD
2020-02-03 price EUR 1.10 USD
2020-02-04 * "Cafe" "Lunch"
  Expenses:Food  12.50 EUR @@ 13.75 USD
  Assets:Bank
2020-02-05 custom "budget-add" "Food" 200 USD
2020-02-06 document Assets:Bank "receipt.pdf"
2020-02-07 note Assets:Bank "called"
2020-02-08 event "location" "Berlin"
2020-02-09 query "q" "SELECT account"
2020-03-01 balance Assets:Broker 6 HOOL
2020-12-31 close Expenses:Food
include "other.bean"
`;

const OTHER = `2020-01-10 * "Other" "Gift"
  Assets:Bank  5 USD
  Income:Job
include "main.bean"
`;

const TOKENS = [
  '2020-01-01', '2020-02-30', '1900-01-01', '9999-12-31', '0', '-1', '1e5', '0.000000001', '99999999999999999999999999999999',
  '-99999999999999999999999999.99', 'USD', 'EUR', 'HOOL', 'Assets:Bank', 'Assets:Nope', 'Equity:Opening', '{', '}', '{{', '}}',
  '@', '@@', '#', '*', '!', 'pad', 'balance', 'open', 'close', 'price', 'custom', '"budget-close"', '"Food"', '\n', '\n  ', ' ',
  '"', 'include "main.bean"', 'include "missing.bean"', 'include "*.bean"', 'pushtag #x', 'poptag #x', 'option "booking_method" "LIFO"',
  'option "timezone" "Nowhere/Zone"', '10:00', 'time: "25:00"', '(1 / 0)', 'é', '😀',
];

type Mutation = { op: 'delete' | 'insert' | 'replaceWord' | 'delLine' | 'dupLine' | 'swapLines'; at: number; text: string };

function mutate(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const lines = t.split('\n');
    const li = m.at % lines.length;
    switch (m.op) {
      case 'delete': {
        const i = m.at % (t.length + 1);
        t = t.slice(0, i) + t.slice(i + 1 + (m.at % 5));
        break;
      }
      case 'insert': {
        const i = m.at % (t.length + 1);
        t = t.slice(0, i) + m.text + t.slice(i);
        break;
      }
      case 'replaceWord': {
        // Replace one whitespace-separated word of a line (a number, date, account, currency...).
        const words = lines[li].split(' ');
        words[m.at % words.length] = m.text;
        lines[li] = words.join(' ');
        t = lines.join('\n');
        break;
      }
      case 'delLine':
        lines.splice(li, 1);
        t = lines.join('\n');
        break;
      case 'dupLine':
        lines.splice(li, 0, lines[li]);
        t = lines.join('\n');
        break;
      case 'swapLines': {
        const lj = (li + 1 + (m.at % 3)) % lines.length;
        [lines[li], lines[lj]] = [lines[lj], lines[li]];
        t = lines.join('\n');
        break;
      }
    }
  }
  return t;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('delete', 'insert', 'replaceWord', 'replaceWord', 'delLine', 'dupLine', 'swapLines') as fc.Arbitrary<Mutation['op']>,
  at: fc.nat(),
  text: fc.constantFrom(...TOKENS),
});

/** Errors seen with a position: the properties must reach the error paths, not only clean loads. */
let positioned = 0;

function loadBoth(main: string, other: string): void {
  for (const ext of ['bean', 'zhang']) {
    const files: Record<string, string> = { [`/f/main.${ext}`]: main, '/f/other.bean': other };
    let s: ReturnType<typeof loadLedger> | undefined;
    expect(() => {
      s = loadLedger(`/f/main.${ext}`, {
        readFile: (p) => files[p] ?? null,
        fileExists: (p) => p.endsWith('receipt.pdf'),
        now: new Date('2021-01-01T00:00:00Z'),
        defaultTimezone: 'UTC',
      });
    }, main).not.toThrow();
    for (const e of s!.errors) {
      expect(typeof e.kind).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
      if (e.source !== null) expect(Buffer.byteLength(e.source)).toBeLessThanOrEqual(MAX_ERROR_SOURCE_BYTES);
      if (!e.src) continue;
      positioned++;
      const text = files[e.src.file];
      expect(text, `error in unknown file ${e.src.file}`).toBeDefined();
      expect(e.src.line).toBeGreaterThanOrEqual(1);
      expect(e.src.line).toBeLessThanOrEqual(text.split('\n').length);
      expect(e.src.end).toBeLessThanOrEqual(Buffer.byteLength(text));
    }
  }
}

describe('loadLedger never throws on broken ledgers', () => {
  it('the seed ledger loads with only the include cycle reported', () => {
    const s = loadLedger('/f/main.bean', {
      readFile: (p) => ({ '/f/main.bean': SEED, '/f/other.bean': OTHER })[p] ?? null,
      fileExists: () => true,
      now: new Date('2021-01-01T00:00:00Z'),
      defaultTimezone: 'UTC',
    });
    expect(s.errors.map((e) => e.kind)).toEqual(['IncludeCycle']);
    expect(s.transactions.length).toBeGreaterThanOrEqual(5);
  });

  it('mutated ledgers (words replaced, characters and lines deleted, inserted, duplicated, swapped)', { timeout: 60_000 }, () => {
    positioned = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 10 }), fc.array(mutation, { maxLength: 3 }), (ms, os) =>
        loadBoth(mutate(SEED, ms), mutate(OTHER, os)),
      ),
      { numRuns: 250 },
    );
    expect(positioned).toBeGreaterThan(250);
  });

  it('random token soup', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }), (parts) => loadBoth(parts.join(' '), OTHER)),
      { numRuns: 150 },
    );
  });
});
