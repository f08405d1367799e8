/**
 * writeResultJson (engine/query/encode.ts): the JSON body of a query answer written straight from
 * the raw rows. It must be the same text, byte for byte, as writing encodeResult's object with
 * writeJsonChunks (document 1 "Cell encoding"), for every cell type, and its chunks must cover the
 * body in order.
 */
import { describe, expect, test } from 'vitest';
import { encodeResult, runQuery } from '../../../engine/query/index';
import { stringifyResult, writeJsonChunks, writeResultJson } from '../../../engine/query/encode';
import { ledger } from '../ledger/ledger-text';

const TEXT = `
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Stock
2024-01-01 open Expenses:Food
2024-01-01 open Income:Salary
2024-01-05 * "Shop" "Lunch \\"deli\\" ünïcode"
  Expenses:Food  10.50 USD
    kind: "meal"
  Assets:Cash   -10.50 USD
2024-02-01 * "Boss" "Pay" #work
  Assets:Cash     100 USD
  Income:Salary  -100 USD
2024-03-01 * "Broker" "Buy"
  Assets:Stock   2 HOOL {30.00 USD, "lot \\"A\\""}
  Assets:Stock   1 HOOL {31 USD, 2024-02-15}
  Assets:Cash  -91.00 USD
2024-03-05 * "Broker" "Buy more"
  Assets:Stock   3 HOOL {32 USD}
  Assets:Cash  -96 USD
`;

const written = (q: string, countTotal = false): { fused: string; chunks: string[]; viaObject: string } => {
  const snap = ledger(TEXT);
  const result = runQuery(snap, q, { countTotal });
  const chunks: string[] = [];
  writeResultJson(result, (c) => chunks.push(c));
  const parts: string[] = [];
  writeJsonChunks(encodeResult(result), (c) => parts.push(c));
  return { fused: chunks.join(''), chunks, viaObject: parts.join('') };
};

describe('writeResultJson', () => {
  test('a position at cost with a label, an amount and a null cell, written as document 1 encodes them', () => {
    const { fused } = written(
      "SELECT date, position, price, cost_label AS label, 1 + 1 AS two WHERE account = 'Assets:Stock' AND cost_label IS NOT NULL",
    );
    expect(fused).toBe(
      '{"data":{"columns":[{"name":"date","type":"date"},{"name":"position","type":"position"},{"name":"price","type":"amount"},{"name":"label","type":"str"},{"name":"two","type":"int"}],' +
        '"rows":[["2024-03-01",{"units":{"number":"2","currency":"HOOL"},"cost":{"number":"30.00","currency":"USD","date":"2024-03-01","label":"lot \\"A\\""}},null,"lot \\"A\\"",2]]}}',
    );
  });

  test('an inventory cell: its positions in encoding order; total when counted', () => {
    const { fused } = written("SELECT account, sum(position) AS p WHERE account ~ '^Assets' GROUP BY account ORDER BY account", true);
    expect(fused).toBe(
      '{"data":{"columns":[{"name":"account","type":"str"},{"name":"p","type":"inventory"}],"rows":[' +
        '["Assets:Cash",{"positions":[{"units":{"number":"-97.50","currency":"USD"},"cost":null}]}],' +
        '["Assets:Stock",{"positions":[' +
        '{"units":{"number":"2","currency":"HOOL"},"cost":{"number":"30.00","currency":"USD","date":"2024-03-01","label":"lot \\"A\\""}},' +
        '{"units":{"number":"1","currency":"HOOL"},"cost":{"number":"31","currency":"USD","date":"2024-02-15","label":null}},' +
        '{"units":{"number":"3","currency":"HOOL"},"cost":{"number":"32","currency":"USD","date":"2024-03-05","label":null}}]}]],' +
        '"total":2}}',
    );
  });

  test('the same text as the encoded object for queries of every cell type', () => {
    const queries = [
      'BALANCES',
      'JOURNAL',
      "SELECT date, narration, payee, tags, links, account, position, balance, weight, cost_number, meta('kind') AS kind",
      'SELECT account, sum(position), sum(units(position)), sum(cost(position)), count(*) GROUP BY account',
      "SELECT date, date - 2024-01-01 AS days, interval('3 months') AS i, metas, meta, flag, payee IS NULL AS np",
      "SELECT * FROM #entries",
      'SELECT * FROM #prices',
      "SELECT date, balance WHERE account ~ 'Stock'",
      'SELECT 1 AS n WHERE false',
    ];
    for (const q of queries) {
      for (const countTotal of [false, true]) {
        const { fused, viaObject } = written(q, countTotal);
        expect(fused, q).toBe(viaObject);
        expect(JSON.parse(fused)).toEqual(JSON.parse(stringifyResult(encodeResult(runQuery(ledger(TEXT), q, { countTotal })))));
      }
    }
  });

  test('a large body comes in chunks of about 64K characters that join to the whole', () => {
    const snap = ledger(TEXT + Array.from({ length: 400 }, (_, i) => `2024-04-01 * "Shop" "Snack ${i}"\n  Expenses:Food  1.25 USD\n  Assets:Cash\n`).join(''));
    const result = runQuery(snap, 'SELECT date, narration, account, position, balance');
    const chunks: string[] = [];
    writeResultJson(result, (c) => chunks.push(c));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(1 << 16);
    const whole = chunks.join('');
    expect(whole).toBe(stringifyResult(encodeResult(result)));
    expect(JSON.parse(whole).data.rows).toHaveLength(800 + 9);
  });

  test('the tick runs for every row, cell and position, so the time limit covers the writing', () => {
    const result = runQuery(ledger(TEXT), "SELECT account, sum(position) WHERE account = 'Assets:Stock' GROUP BY account");
    let ticks = 0;
    writeResultJson(result, () => undefined, () => void ticks++);
    // Two columns (written as writeJsonChunks writes arrays), one row, two cells, three positions.
    expect(ticks).toBe(2 + 1 + 2 + 3);
    expect(() =>
      writeResultJson(result, () => undefined, () => {
        throw new Error('stopped');
      }),
    ).toThrow('stopped');
  });
});
