/**
 * Beancount's document discovery (the `documents` option) and fava.plugins.tag_discovered_documents,
 * on a real folder tree. The expected documents and errors are what Debian's Beancount 2.3.5
 * loader produced for the same tree and ledger (its Document entries at lineno 0, and two
 * DocumentErrors at `main.beancount:0`); Fava is not installed here, so the #discovered tag
 * follows Fava's plugin source (Document entries at line 0 get the tag when the option is set).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../../engine/dates';
import { loadLedger } from '../../../../engine/ledger/index';
import type { Snapshot } from '../../../../engine/ledger/snapshot';

const FILES = [
  'docs/Assets/Bank/2024-01-05.statement.pdf',
  'docs/Assets/Bank/2024-02-30.bad.pdf', // no such day: an error
  'docs/Assets/Bank/notes.txt', // not dated: ignored
  'docs/Assets/Bank/2024-01-04-x.pdf', // any character after the date
  'docs/Assets/Bank/2024-01-05x',
  'docs/Assets/Bank/Sub/2024-03-01.sub.pdf',
  'docs/Expenses/Food/2024-02-01.receipt.jpg',
  'docs/Income/Unused/2024-01-01.x.pdf', // an account the ledger never names: ignored
  'docs/NotAccount/2024-01-01.y.pdf',
];

const LEDGER = `option "documents" "docs"
option "documents" "missing"
plugin "fava.plugins.tag_discovered_documents"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Assets:Bank:Sub
2024-01-02 document Assets:Bank "docs/Assets/Bank/notes.txt"
`;

let dir = '';
const load = (text: string): Snapshot => {
  fs.writeFileSync(nodePath.join(dir, 'main.beancount'), text);
  return loadLedger(nodePath.join(dir, 'main.beancount'), { now: new Date('2025-01-01T00:00:00Z'), defaultTimezone: 'UTC' });
};

beforeAll(() => {
  dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'discovered-'));
  for (const f of FILES) {
    fs.mkdirSync(nodePath.dirname(nodePath.join(dir, f)), { recursive: true });
    fs.writeFileSync(nodePath.join(dir, f), 'x');
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('fava.plugins.tag_discovered_documents', () => {
  it('adds the dated files under account folders as documents tagged #discovered; written ones keep their tags', () => {
    const s = load(LEDGER);
    const docs = s.documents.map((d) => `${formatDate(d.date)} ${d.account} ${d.path} ${d.tags.join(',')}`).sort();
    expect(docs).toEqual([
      '2024-01-02 Assets:Bank docs/Assets/Bank/notes.txt ',
      '2024-01-04 Assets:Bank docs/Assets/Bank/2024-01-04-x.pdf discovered',
      '2024-01-05 Assets:Bank docs/Assets/Bank/2024-01-05.statement.pdf discovered',
      '2024-01-05 Assets:Bank docs/Assets/Bank/2024-01-05x discovered',
      '2024-02-01 Expenses:Food docs/Expenses/Food/2024-02-01.receipt.jpg discovered',
      '2024-03-01 Assets:Bank:Sub docs/Assets/Bank/Sub/2024-03-01.sub.pdf discovered',
    ]);
  });

  it('reports an impossible date in a file name and a missing folder without a position (Beancount: main file, line 0)', () => {
    const s = load(LEDGER);
    expect(s.errors.map((e) => `${e.kind}@${e.src?.line ?? '-'}: ${e.message}`)).toEqual([
      "DocumentError@-: Invalid date on document file '2024-02-30.bad.pdf': day is out of range for month",
      `DocumentError@-: Document root '${nodePath.join(dir, 'missing')}' does not exist`,
    ]);
  });

  it('without the plugin the documents are found all the same, untagged; without the option nothing is', () => {
    const noPlugin = load(LEDGER.replace(/^plugin .*\n/m, ''));
    expect(noPlugin.documents.map((d) => `${d.path} ${d.tags.join(',')}`).sort()).toEqual([
      'docs/Assets/Bank/2024-01-04-x.pdf ',
      'docs/Assets/Bank/2024-01-05.statement.pdf ',
      'docs/Assets/Bank/2024-01-05x ',
      'docs/Assets/Bank/Sub/2024-03-01.sub.pdf ',
      'docs/Assets/Bank/notes.txt ',
      'docs/Expenses/Food/2024-02-01.receipt.jpg ',
    ]);
    expect(noPlugin.errors).toHaveLength(2);
    const without = load(LEDGER.replace(/^option "documents".*\n/gm, ''));
    expect(without.errors).toEqual([]);
    expect(without.documents.map((d) => d.path)).toEqual(['docs/Assets/Bank/notes.txt']);
  });

  it('made at line 0 of the main file, as Beancount makes them (#entries lineno 0)', () => {
    const s = load(LEDGER);
    const lines = s.entries.filter((e) => e.type === 'document').map((e) => e.directive.src.line);
    expect(lines.sort()).toEqual([0, 0, 0, 0, 0, 7]);
  });

  it('a .zhang ledger is not scanned', () => {
    fs.writeFileSync(nodePath.join(dir, 'main.zhang'), LEDGER.replace(/^plugin .*\n/m, ''));
    const z = loadLedger(nodePath.join(dir, 'main.zhang'), { now: new Date('2025-01-01T00:00:00Z'), defaultTimezone: 'UTC' });
    expect(z.documents.map((d) => d.path)).toEqual(['docs/Assets/Bank/notes.txt']);
  });

  it('the same files give the same document ids on a reload', () => {
    const ids = (s: Snapshot) => s.entries.filter((e) => e.type === 'document').map((e) => e.id);
    expect(ids(load(LEDGER))).toEqual(ids(load(LEDGER)));
    expect(new Set(ids(load(LEDGER))).size).toBe(6);
  });
});
