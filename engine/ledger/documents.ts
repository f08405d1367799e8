/**
 * Rows of #documents (spec "#documents"): `document` directives in reference order, then every
 * `document` metadata value of a transaction and then of each of its postings, in ledger order
 * (a repeated key gives one row per value; rejected transactions are not booked, so not listed).
 *
 * Paths:
 * - `filename`: as written, a relative path resolved against the directory of the declaring file;
 * - `path` (to list and download by, relative to the ledger directory):
 *   - zhang format: the path as written (an absolute path inside the ledger directory made relative);
 *   - Beancount format: the path resolved at load, relative to the declaring file, or to the
 *     ledger directory when only that finds the file.
 * A `document` directive whose file does not exist is an error (Beancount's documents plugin);
 * metadata documents are not checked (Beancount does not check them either).
 */
import * as nodePath from 'node:path';
import type { DocumentAst, FileFormat, Meta, TransactionAst } from './ast';
import { Errors, type LedgerError } from './errors';
import type { DocumentRow, Entry } from './snapshot';

export interface DocumentInput {
  root: string;
  format: FileFormat;
  /** The entries of `document` directives, in reference order. */
  directives: readonly Entry[];
  /** The entries of transactions naming documents (namesDocument), in processing order. */
  transactions: readonly Entry[];
  fileExists(path: string): boolean;
}

function relativeToRoot(root: string, abs: string): string {
  const rel = nodePath.relative(root, abs);
  return rel === '' || rel.startsWith('..') || nodePath.isAbsolute(rel) ? abs : rel.split(nodePath.sep).join('/');
}

interface Located {
  filename: string;
  path: string;
  exists: boolean;
}

export function locateDocument(written: string, declaringFile: string, root: string, format: FileFormat, exists: (p: string) => boolean): Located {
  const abs = nodePath.isAbsolute(written);
  const filename = abs ? written : nodePath.resolve(nodePath.dirname(declaringFile), written);
  if (format === 'zhang') {
    const path = abs ? relativeToRoot(root, written) : nodePath.normalize(written).split(nodePath.sep).join('/');
    const target = nodePath.isAbsolute(path) ? path : nodePath.resolve(root, path);
    return { filename, path, exists: exists(target) || exists(filename) };
  }
  if (!abs && !exists(filename)) {
    const fromRoot = nodePath.resolve(root, written);
    if (exists(fromRoot)) return { filename, path: relativeToRoot(root, fromRoot), exists: true };
    return { filename, path: relativeToRoot(root, filename), exists: false };
  }
  return { filename, path: relativeToRoot(root, filename), exists: abs ? exists(filename) : true };
}

function hasDocument(meta: Meta): boolean {
  for (let i = 0; i < meta.length; i++) if (meta[i].key === 'document') return true;
  return false;
}

/** Whether a transaction or one of its postings has `document` metadata (the walk lists these). */
export function namesDocument(d: TransactionAst): boolean {
  if (hasDocument(d.meta)) return true;
  const ps = d.postings;
  for (let i = 0; i < ps.length; i++) if (hasDocument(ps[i].meta)) return true;
  return false;
}

function documentValues(meta: Meta): string[] {
  const out: string[] = [];
  for (const m of meta) if (m.key === 'document' && m.text !== '') out.push(m.text);
  return out;
}

export function buildDocuments(input: DocumentInput): { rows: DocumentRow[]; errors: LedgerError[] } {
  const rows: DocumentRow[] = [];
  const errors: LedgerError[] = [];
  // Ledgers name the same few files again and again (receipts in transaction metadata): one
  // file-system look-up and one path computation per distinct name and declaring file.
  const existsCache = new Map<string, boolean>();
  const fileExists = (p: string) => {
    let e = existsCache.get(p);
    if (e === undefined) existsCache.set(p, (e = input.fileExists(p)));
    return e;
  };
  const located = new Map<string, Located>();
  const locate = (written: string, declaring: string): Located => {
    const key = declaring + '\u0000' + written;
    let loc = located.get(key);
    if (loc === undefined) located.set(key, (loc = locateDocument(written, declaring, input.root, input.format, fileExists)));
    return loc;
  };
  for (const e of input.directives) {
    const d = e.directive as DocumentAst;
    const loc = locate(d.filename, d.src.file);
    if (!loc.exists) errors.push(Errors.documentNotFound({ src: d.src, date: d.date }, d.account, d.filename));
    rows.push({
      date: d.date,
      account: d.account,
      filename: loc.filename,
      path: loc.path,
      tags: [...new Set(d.tags)].sort(),
      links: [...new Set(d.links)].sort(),
      source: 'directive',
      transactionId: null,
      seq: e.seq,
      time: e.time,
      timestamp: e.timestamp,
      meta: d.meta,
    });
  }
  for (const e of input.transactions) {
    const t = e.txn!;
    const declaring = t.src?.file ?? input.root;
    const add = (written: string, account: string | null, source: 'transaction' | 'posting', meta: Meta) => {
      const loc = locate(written, declaring);
      rows.push({
        date: t.date,
        account,
        filename: loc.filename,
        path: loc.path,
        tags: t.tags,
        links: t.links,
        source,
        transactionId: t.id,
        seq: e.seq,
        time: t.time,
        timestamp: t.timestamp,
        meta,
      });
    };
    for (const v of documentValues(t.meta)) add(v, null, 'transaction', t.meta);
    for (const p of (e.directive as TransactionAst).postings) for (const v of documentValues(p.meta)) add(v, p.account, 'posting', p.meta);
  }
  return { rows, errors };
}
