/**
 * Random ledgers for the tests that split a file's parse into pieces (load-chunks.test.ts,
 * streamed-read.test.ts): blocks the parser reads without state, and rarely ones that carry state
 * to later directives or open a string across lines.
 */
import fc from 'fast-check';
import { copyPosting } from '../../../engine/ledger/syntax/posting';
import type { ParsedFile } from '../../../engine/ledger/ast';

/**
 * The parse with every posting as a plain object carrying its `src`: a parsed posting keeps its
 * position in private fields (syntax/posting.ts), which deep equality does not see.
 */
export function withPostingSrc(p: ParsedFile) {
  return { ...p, directives: p.directives.map((d) => (d.type === 'transaction' ? { ...d, postings: d.postings.map((x) => copyPosting(x)) } : d)) };
}

/** Blocks the parser reads without state: chunks form around them. */
export const BLOCKS = [
  '2020-01-01 open Assets:Bank USD,EUR\n',
  '2020-01-02 * "Café ☕" "Lunch 😀"\n  Expenses:Food  12.50 EUR @@ 13.75 USD\n  Assets:Bank\n',
  '2020-01-03 * "Shop" "Buy" #tag ^link\n  key: "value"\n  Assets:Broker  10 HOOL {20.00 USD, 2020-01-05, "lot1"}\n    pk: 1\n  Assets:Bank  -200.00 USD\n',
  '2020-01-04 balance Assets:Bank 1000.00 USD\n',
  '2020-01-05 price HOOL 26.00 USD\n',
  '2020-01-06 note Assets:Bank "called"\n',
  '2020-01-07 event "location" "Berlin"\n',
  '2020-01-08 query "q" "SELECT account"\n',
  '2020-01-09 custom "budget" "Food" "USD"\n',
  '2020-01-10 pad Assets:Bank Equity:Opening\n',
  '2020-01-11 close Expenses:Food\n',
  '2020-01-12 commodity HOOL\n  precision: 2\n',
  'option "title" "Chunks"\n',
  'include "other.bean"\n',
  'plugin "beancount.plugins.auto"\n',
  '; a comment with "quotes" in it\n',
  '* An org heading\n',
  '2020-13-45 open Assets:Bad\n',
  '  an orphan indented line\n',
  'garbage at the start of a line\n',
  '2020-01-15 * "Shop" "Sell"\n  Assets:Broker  -4 HOOL {*} @ -25.00 USD\n  Assets:Bank\n  #late\n',
  '2020-01-16 * "Dup" "meta"\n  k: 1\n  k: 2\n  Assets:Bank  1 USD\n  Income:Job\n',
  '2020-01-17 open assets:lower\n',
  '2020-01-18 * "Escaped \\"quote\\" and \\\\" "x"\n  Assets:Bank  1 USD\n  Income:Job\n',
  '2020-01-19 10:30:00 open Assets:Timed\n',
  '\n',
  '\n\n',
];
/** Blocks that refuse chunking (state or strings across lines), drawn rarely. */
export const RARE = [
  '; an odd quote in a comment: "\n',
  '2020-01-13 * "Payee" "a narration\n\n2020-01-14 open Assets:Inside:String"\n  Assets:Bank  1 USD\n  Income:Job\n',
  '2020-01-20 * "Unterminated\n',
  'pushtag #trip\n',
  'poptag #trip\n',
  'option "name_assets" "Aktiva"\n',
];

export const block = fc.oneof({ weight: 60, arbitrary: fc.constantFrom(...BLOCKS) }, { weight: 1, arbitrary: fc.constantFrom(...RARE) });
export const ledgerText = fc.tuple(fc.array(block, { minLength: 5, maxLength: 60 }), fc.boolean(), fc.boolean()).map(([bs, crlf, bom]) => {
  const t = (bom ? '\uFEFF' : '') + bs.join('');
  return crlf ? t.replace(/\n/g, '\r\n') : t;
});

