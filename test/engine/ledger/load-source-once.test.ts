/**
 * Error sources come from the text the load parsed: each ledger file is read once per load (a
 * large ledger with thousands of errors used to be read and encoded a second time), and byte spans
 * map to the right text in ASCII files (sliced directly) and multi-byte ones (encoded).
 *
 * bean-check 2.3.5 on these two files reports the same two errors: the unbalanced "Café"
 * transaction of the included file and the balance failure of the main file.
 */
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../engine/ledger/index';

describe('error sources', () => {
  it('reads every file once and shows each error its own directive', () => {
    const files: Record<string, string> = {
      '/l/main.beancount': [
        'include "other.beancount"',
        '2024-01-01 open Assets:Cash',
        '2024-01-01 open Expenses:Food',
        '2024-01-02 * "Lunch"',
        '  Expenses:Food  3 USD',
        '  Assets:Cash',
        '2024-01-03 balance Assets:Cash  10 USD',
        '',
      ].join('\n'),
      // Multi-byte characters before the failing directive shift its byte offsets.
      '/l/other.beancount': ['2024-01-01 open Assets:Bank', '2024-01-04 * "Café ☕" "Crème brûlée"', '  Assets:Bank  -4.50 EUR', '  Expenses:Food  4.00 EUR', ''].join('\n'),
    };
    const reads = new Map<string, number>();
    const s = loadLedger('/l/main.beancount', {
      readFile: (p) => {
        reads.set(p, (reads.get(p) ?? 0) + 1);
        return p in files ? files[p] : null;
      },
      fileExists: () => true,
      now: new Date('2025-01-01T00:00:00Z'),
      defaultTimezone: 'UTC',
    });
    expect([...reads]).toEqual([
      ['/l/main.beancount', 1],
      ['/l/other.beancount', 1],
    ]);
    const bySource = s.errors.map((e) => [e.kind, e.src?.line, e.source]);
    expect(bySource).toContainEqual(['UnbalancedTransaction', 2, '2024-01-04 * "Café ☕" "Crème brûlée"\n  Assets:Bank  -4.50 EUR\n  Expenses:Food  4.00 EUR']);
    expect(bySource).toContainEqual(['AccountBalanceCheckError', 7, '2024-01-03 balance Assets:Cash  10 USD']);
    expect(s.errors).toHaveLength(2);
  });
});
