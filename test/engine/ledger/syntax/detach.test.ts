/**
 * What the parser keeps must not keep the file text alive: V8 makes a slice of 13 characters or
 * more a view of its parent string, so one kept name, narration, tag or error text used to pin the
 * whole text for the life of the ledger (35 MB for the xlarge bean-example ledger).
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { FileFormat } from '../../../../engine/ledger/ast';
import { detach } from '../../../../engine/ledger/syntax/detach';
import { parseText } from '../../../../engine/ledger/syntax';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: object) => void;

function heapAfterGc(): number {
  // 'last-resort' collects everything and finishes sweeping before returning (heapUsed after a
  // plain gc() may still count pages the concurrent sweeper has not freed yet).
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return process.memoryUsage().heapUsed;
}

/**
 * `copies` times the directives (`$i` numbered, so names differ), each followed by `padding`
 * comment lines of 100 characters: a large text whose parsed results are small.
 */
function bigText(directives: string[], copies: number, padding: number): string {
  const pad = ('; ' + 'p'.repeat(97) + '\n').repeat(padding);
  const parts: string[] = [];
  for (let k = 0; k < copies; k++) for (let i = 0; i < directives.length; i++) parts.push(directives[i].replaceAll('$i', String(k)), pad);
  return parts.join('');
}

const BEANCOUNT = [
  'option "operating_currency" "A-LONG-CURRENCY-OPTION"\n',
  'option "no_such_option_here" "value"\n', // an error: its message and source are kept
  '2024-01-01 open Assets:US:BofA:Checking:Long-$i USD\n',
  // payee and narration shared through the name table; a narration over 128 characters and an
  // escaped one are cut out per occurrence
  `2024-01-02 * "Some payee that is long $i" "${'n'.repeat(140)} $i" #a-very-long-tag-$i ^a-very-long-link-$i\n` +
    '  meta-key: "a metadata string value $i"\n' +
    '  Assets:US:BofA:Checking:Long-$i  -10.00 USD\n' +
    '  Expenses:Food:Restaurant:Long-$i  1234567890123456.5 USD\n',
  '2024-01-03 * "escaped \\"quote\\" in a long narration $i"\n  Assets:US:BofA:Checking:Long-$i  1 USD\n  Equity:Opening-Balances\n',
  '2024-01-04 note Assets:US:BofA:Checking:Long-$i "a note comment that is long $i"\n',
  '2024-01-05 open Assets:Broken:Line-$i USD garbage-after-the-currencies-$i\n', // a parse error with its source line
  'pushtag #an-unbalanced-pushed-tag-$i\n',
];

const ZHANG = [
  '2024-01-01 open Assets:银行:招商银行储蓄卡账户-$i CNY\n',
  '2024-01-02 custom budget 日常饮食预算名称很长很长-$i CNY\n',
  '2024-01-03 * "超市购物付款方名称很长-$i" "每周的食品采购说明文字-$i"\n' +
    '  precision: a raw zhang value that is long $i\n' +
    '  Assets:银行:招商银行储蓄卡账户-$i  -10 CNY\n' +
    '  Expenses:日常:食品杂货超市账户-$i  10 CNY\n',
];

/**
 * Makes the text and parses it in a frame of its own: once it returns, nothing but what the parser
 * kept can reference the text (a variable set to null in the measuring frame may still sit in one
 * of the interpreter's registers).
 */
function parseBig(directives: string[], format: FileFormat): { textBytes: number; parsed: ReturnType<typeof parseText> } {
  const text = bigText(directives, 25, 400);
  // (Not measured with a regular expression: V8 keeps the last subject string of a match.)
  const textBytes = text.length * (format === 'zhang' ? 2 : 1);
  return { textBytes, parsed: parseText(text, '/ledger/main.' + format, format) };
}

function retainedWithoutText(directives: string[], format: FileFormat): { textBytes: number; kept: number; parsed: ReturnType<typeof parseText> } {
  const before = heapAfterGc();
  const { textBytes, parsed } = parseBig(directives, format);
  return { textBytes, kept: heapAfterGc() - before, parsed };
}

function keptSlice(): string {
  const text = bigText(['2024-01-01 open Assets:US:BofA:Checking:Long-$i USD\n'], 1, 80_000);
  return text.slice(11, 40);
}

describe('parsed results do not keep the file text alive', () => {
  it('Beancount: names, strings, tags, metadata, long numbers, errors', () => {
    const { textBytes, kept, parsed } = retainedWithoutText(BEANCOUNT, 'beancount');
    const p = parsed;
    // The ledger really holds those strings (the test would pass vacuously otherwise).
    expect(p.directives.length).toBe(25 * 4);
    expect(p.errors.length).toBeGreaterThanOrEqual(25 * 3);
    expect(textBytes).toBeGreaterThan(6e6);
    // The results are some kilobytes; the text is over 6 MB.
    expect(kept).toBeLessThan(textBytes / 4);
  });

  it('zhang: two-byte text, bare words and raw values', () => {
    const { textBytes, kept, parsed } = retainedWithoutText(ZHANG, 'zhang');
    const p = parsed;
    expect(p.directives.length).toBe(25 * 3);
    expect(textBytes).toBeGreaterThan(4e6);
    expect(kept).toBeLessThan(textBytes / 4);
  });

  it('the control: a kept slice does pin its text (so the measure above can fail)', () => {
    const before = heapAfterGc();
    const slice = keptSlice();
    const kept = heapAfterGc() - before;
    expect(slice).toBe('open Assets:US:BofA:Checking:');
    expect(kept).toBeGreaterThan(4e6);
  });
});

describe('detach', () => {
  it('keeps every code unit, lone surrogates included', () => {
    const samples = ['', 'short', 'Assets:US:BofA:Checking', 'a\uD800b\uDC00c long enough text', 'quote " backslash \\ newline \n tab \t', '😀 Café 日本 '.repeat(5)];
    for (const s of samples) expect(detach(s)).toBe(s);
  });
});
