/**
 * Beancount's document discovery (beancount.ops.documents.find_documents, 2.3.5): under each
 * folder of the `documents` option, a file named `YYYY-MM-DD<any char><rest>` in a folder whose
 * path below the root spells an account (`Assets/Bank/2024-01-05.statement.pdf` ->
 * Assets:Bank) becomes a Document entry of that account and date, when the ledger uses the
 * account. Folders are walked in name order, files in name order, symbolic links to folders are
 * not entered (os.walk's default). The plugin stage runs it first in Beancount files, as
 * Beancount's loader runs beancount.ops.documents before any plugin; the documents are made at
 * line 0 of the main file, as Beancount makes them, and fava.plugins.tag_discovered_documents
 * tags them (Fava tags the Document entries at line 0).
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { makeDate, type DayNum } from '../../dates';
import type { DirectiveAst, DocumentAst } from '../ast';
import type { LedgerError } from '../errors';
import type { LedgerOptions } from '../snapshot';
import { PluginErrors } from './errors';
import { accountsOfDirective } from './util';

/** The documents discovery made (what Fava's plugin tags). */
export const DISCOVERED = new WeakSet<DirectiveAst>();

/**
 * Beancount's documents stage: the documents of every `documents` option folder (relative to the
 * main file's directory), for the accounts the directives name. Its errors have no position
 * (Beancount: `main file:0`).
 */
export function discoveredDocuments(directives: readonly DirectiveAst[], options: LedgerOptions, mainFile: string, errors: LedgerError[]): DocumentAst[] {
  const folders = options.raw.filter(([name]) => name === 'documents').map(([, value]) => value);
  if (folders.length === 0) return [];
  const accounts = new Set<string>();
  for (const d of directives) for (const a of accountsOfDirective(d)) accounts.add(a);
  const src = { file: mainFile, line: 0, column: 0, start: 0, end: 0 };
  const out: DocumentAst[] = [];
  for (const folder of folders) {
    const found = discoverDocuments(folder, nodePath.dirname(mainFile), accounts);
    for (const p of found.problems) errors.push(PluginErrors.discovery({ src: null, date: null }, p));
    for (const f of found.found) {
      const doc: DocumentAst = { type: 'document', date: f.date, time: null, meta: [], src, account: f.account, filename: f.filename, tags: [], links: [] };
      DISCOVERED.add(doc);
      out.push(doc);
    }
  }
  return out;
}

export interface FoundDocument {
  account: string;
  date: DayNum;
  /** Absolute path of the file. */
  filename: string;
}

export interface Discovery {
  found: FoundDocument[];
  /** Beancount's DocumentError messages (a missing root, an impossible date in a file name). */
  problems: string[];
}

const DATED = /^(\d\d\d\d)-(\d\d)-(\d\d)./s;

/**
 * Walks `folder` (relative to `baseDir` unless absolute) for documents of `accounts`. Never throws:
 * a folder that cannot be read is skipped as os.walk skips it.
 */
export function discoverDocuments(folder: string, baseDir: string, accounts: ReadonlySet<string>): Discovery {
  const root = nodePath.resolve(baseDir, nodePath.normalize(folder));
  const out: Discovery = { found: [], problems: [] };
  if (!fs.existsSync(root)) {
    out.problems.push(`Document root '${root}' does not exist`);
    return out;
  }
  // An explicit stack, depth first in name order like os.walk (top-down, sorted dirs).
  const stack: { dir: string; parts: string[] }[] = [{ dir: root, parts: [] }];
  while (stack.length > 0) {
    const { dir, parts } = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    const dirs: string[] = [];
    const files: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) dirs.push(e.name);
      else if (e.isSymbolicLink() && isDirectory(nodePath.join(dir, e.name))) continue;
      else files.push(e.name);
    }
    const account = parts.join(':');
    if (accounts.has(account)) {
      for (const name of files.sort(byCodePoint)) {
        const m = DATED.exec(name);
        if (!m) continue;
        const date = makeDate(+m[1], +m[2], +m[3]);
        if (date === null) out.problems.push(`Invalid date on document file '${name}': ${whyNotADate(+m[1], +m[2])}`);
        else out.found.push({ account, date, filename: nodePath.join(dir, name) });
      }
    }
    dirs.sort(byCodePoint);
    for (let i = dirs.length - 1; i >= 0; i--) stack.push({ dir: nodePath.join(dir, dirs[i]), parts: [...parts, dirs[i]] });
  }
  return out;
}

/** Python's datetime.date message for the impossible date (Beancount quotes it). */
function whyNotADate(y: number, m: number): string {
  if (y < 1) return `year ${y} is out of range`;
  if (m < 1 || m > 12) return 'month must be in 1..12';
  return 'day is out of range for month';
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Python's sort order for str (code points; UTF-16 units differ only beyond U+FFFF), not localeCompare. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
