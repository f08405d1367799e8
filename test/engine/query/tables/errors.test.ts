import { describe, expect, it } from 'vitest';
import { ledgerError } from '../../../../engine/ledger/errors';
import { ledger, names, rows, types } from './helpers';

const MAIN = `include "sub/b.beancount"
include "/elsewhere/x.beancount"
2024-01-01 open Assets:Cash
2024-01-02 * "Unbalanced"
  Assets:Cash  -10 USD
  Expenses:Food  9 USD
`;
const B = `
2024-01-03 balance Assets:Cash 5 USD
`;
const X = `2024-01-04 open Assets:Cash
`;
const s = ledger(MAIN, { files: { '/ledger/sub/b.beancount': B, '/elsewhere/x.beancount': X } });
const txnStart = Buffer.byteLength(MAIN.slice(0, MAIN.indexOf('2024-01-02')));
const txnEnd = Buffer.byteLength(MAIN.trimEnd());

describe('#errors', () => {
  it('SELECT * is file, date, kind, account, message; the other columns have their types', () => {
    expect(names(s, 'SELECT * FROM #errors')).toEqual(['file', 'date', 'kind', 'account', 'message']);
    expect(types(s, 'SELECT line, column, source, id, span_start, span_end, metas FROM #errors')).toEqual([
      'line:int', 'column:int', 'source:str', 'id:str', 'span_start:int', 'span_end:int', 'metas:metas',
    ]);
  });

  it('one row per ledger error, by file (relative to the ledger directory, full path outside) then position', () => {
    expect(rows(s, 'SELECT file, line, column, date, kind, account FROM #errors')).toEqual([
      ['/elsewhere/x.beancount', 1, 1, '2024-01-04', 'DuplicateOpen', 'Assets:Cash'],
      ['main.beancount', 4, 1, '2024-01-02', 'AccountDoesNotExist', 'Expenses:Food'],
      ['main.beancount', 4, 1, '2024-01-02', 'UnbalancedTransaction', null],
      ['sub/b.beancount', 2, 1, '2024-01-03', 'AccountBalanceCheckError', 'Assets:Cash'],
    ]);
  });

  it('messages, source text and byte spans of the directive', () => {
    const [, unbalanced] = rows(s, "SELECT kind, message, source, span_start, span_end FROM #errors WHERE file = 'main.beancount'");
    expect(unbalanced).toEqual([
      'UnbalancedTransaction',
      'Transaction does not balance: (-1 USD)',
      '2024-01-02 * "Unbalanced"\n  Assets:Cash  -10 USD\n  Expenses:Food  9 USD',
      txnStart,
      txnEnd,
    ]);
    expect(rows(s, "SELECT message FROM #errors WHERE kind = 'AccountBalanceCheckError'")).toEqual([
      ['Balance failed for Assets:Cash: expected 5 USD != accumulated -10 USD (15 USD too little)'],
    ]);
  });

  it('id as GET /api/errors: a transaction error carries the transaction id; errors of one directive share it', () => {
    const txnId = rows(s, 'SELECT DISTINCT id FROM #postings')[0][0];
    expect(rows(s, "SELECT DISTINCT id FROM #errors WHERE file = 'main.beancount'")).toEqual([[txnId]]);
    expect(rows(s, "SELECT id FROM #errors WHERE kind = 'AccountBalanceCheckError'")).toEqual(rows(s, 'SELECT id FROM #balances'));
  });

  it('metas sorted by key; meta(), entry_meta() and any_meta() read them', () => {
    const txnId = rows(s, 'SELECT DISTINCT id FROM #postings')[0][0];
    expect(rows(s, "SELECT kind, metas, meta('txn_id'), entry_meta('account_name'), any_meta('account_name') FROM #errors WHERE file = 'main.beancount'")).toEqual([
      ['AccountDoesNotExist', [{ key: 'account_name', value: 'Expenses:Food' }, { key: 'txn_id', value: txnId }], txnId, 'Expenses:Food', 'Expenses:Food'],
      ['UnbalancedTransaction', [{ key: 'txn_id', value: txnId }], txnId, null, null],
    ]);
  });

  it('aggregates work; an error without position has NULL file, line and spans', () => {
    expect(rows(s, 'SELECT file, count(*) FROM #errors GROUP BY file ORDER BY count(*) DESC, file')).toEqual([
      ['main.beancount', 2],
      ['/elsewhere/x.beancount', 1],
      ['sub/b.beancount', 1],
    ]);
    const gone = ledger('include "nothing/*.beancount"\n');
    expect(rows(gone, 'SELECT kind, file, line, column, span_start, span_end FROM #errors')).toEqual([['IncludeNotFound', 'main.beancount', 1, 1, 0, 29]]);
    // No error of the loader lacks a position today; a plugin-made one would (spec: NULL if unknown).
    const noPosition = { ...gone, errors: [ledgerError('PluginError', 'made by a plugin', null, { metas: [['z', '1'], ['a', '2']] })] };
    expect(rows(noPosition, "SELECT kind, file, line, column, span_start, span_end, id, source, date, meta('a') FROM #errors")).toEqual([
      ['PluginError', null, null, null, null, null, null, null, null, '2'],
    ]);
  });
});
