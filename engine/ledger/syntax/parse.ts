/**
 * One file's text to directives: the line loop that finds where each directive starts (column 1),
 * dispatches to the directive readers, applies pushtag/pushmeta, fills source positions, and turns
 * any failure into a ParseError for the whole directive, resuming at the next line that starts
 * in column 1. Never throws.
 *
 * Choices where Beancount and the spec leave room (see also the module comments of the readers):
 * - pushtag applies to transactions, notes and documents; pushmeta to every dated directive
 *   (Beancount 3 behaviour), an explicit key of the directive wins; both are per file.
 * - A transaction header without a flag (`2024-01-01 "Payee" "Narration"`) reads as `*`.
 * - Lines starting in column 1 with `*`, `:`, `#`, `!`, `&`, `?`, `%` or one of the letters
 *   P S T C U R M are skipped like Beancount's lexer does (org-mode headings and drawers, prose).
 */
import type { DayNum } from '../../dates';
import type { DirectiveAst, FileFormat, MetaEntry, ParsedFile, SourceRef, TransactionAst } from '../ast';
import { SyntaxErrors, SyntaxMessages as M } from '../errors';
import { BOM, COLON, CR, HASH, LF, SEMI, SPACE, TAB, isAccountChar, isDigit, isFlagChar, isIgnoredLineStart, isLower, isWordChar } from './chars';
import { beancountOptionProblem } from './beancount-options';
import { customToBudget, isCustomBudget } from './custom-budgets';
import { readDatedDirective } from './directives';
import { duplicateMetaMessages } from './duplicate-meta';
import { detach, detachOrNull } from './detach';
import { Positions } from './positions';
import { codesOf, doneWithCodes, type AsciiBytes, type Codes } from './codes';
import type { ParsedPosting } from './posting';
import { Scanner, SyntaxFail, parseTimeOfDay } from './scanner';
import { lateTagLines, readTransaction, readTransactionFlag } from './transaction';
import { readMetaValue } from './values';
import { NO_META, NO_STRINGS } from '../shared';

interface PushedTag {
  tag: string;
  src: SourceRef;
  source: string;
}
interface PushedMeta {
  entry: MetaEntry;
  src: SourceRef;
  source: string;
}

/** Beancount's options naming the root accounts, with their place in Scanner.roots. */
const ROOT_OPTIONS = new Map([
  ['name_assets', 0],
  ['name_liabilities', 1],
  ['name_equity', 2],
  ['name_income', 3],
  ['name_expenses', 4],
]);

/**
 * A directive's SourceRef, as a class instance: made as an object literal it was a tenth of the
 * parse's own time in a profile of the xlarge bench ledger (about 25 ms over 200k directives),
 * where V8 had decided to allocate that literal's objects in the old generation (every one
 * survives) and each first touched fresh pages. Parse alone 933 -> 893 ms (medians of eight
 * interleaved processes); the whole load is the same (the collector copies them later instead).
 * The same five own fields: spread, JSON and structured clone see a plain SourceRef.
 */
class DirectiveSrc implements SourceRef {
  constructor(
    public file: string,
    public line: number,
    public column: number,
    public start: number,
    public end: number,
  ) {}
}

class FileParser {
  private readonly sc: Scanner;
  /** A pushtag/poptag/pushmeta/popmeta line or a name_* option was read (see carriesState). */
  private statefulLine = false;
  private readonly positions: Positions;
  private curDate: DayNum | null = null;
  private readonly tags: PushedTag[] = [];
  private readonly meta: PushedMeta[] = [];

  /** `base`: where the text stands in its file when it is a piece of one (parsePiece). */
  constructor(
    text: string | null,
    codes: Codes,
    private readonly out: ParsedFile,
    base: PieceExtent | null = null,
  ) {
    this.sc = new Scanner(text, out.format === 'zhang', codes);
    this.positions = base === null ? new Positions(codes) : new Positions(codes, base.lines, base.bytes);
  }

  /** The whole text, for messages (made on first use in a parse from bytes: Scanner.s). */
  private get s(): string {
    return this.sc.s;
  }

  /** Whether this parse read something that carries state past its line (carriesState). */
  crossesLines(): boolean {
    return this.statefulLine || this.sc.stringCrossedLine;
  }

  run(): void {
    const cs = this.sc.codes;
    const sc: Scanner = this.sc;
    const n = sc.n;
    sc.pos = n > 0 && cs[0] === BOM ? 1 : 0;
    while (sc.pos < n) {
      const ls = sc.pos;
      const c = cs[ls];
      if (c === LF) {
        sc.pos++;
        continue;
      }
      if (c === SPACE || c === TAB || c === CR) {
        let i = ls;
        let d = c;
        while (i < n && ((d = cs[i]) === SPACE || d === TAB || d === CR)) i++;
        if (i >= n || d === LF || d === SEMI) {
          sc.pos = this.lineAfter(i);
          continue;
        }
        this.curDate = null;
        this.recover(ls, new SyntaxFail(M.orphanIndentedLine(), i));
        continue;
      }
      if (c === SEMI || isIgnoredLineStart(c)) {
        sc.pos = this.lineAfter(ls);
        continue;
      }
      this.curDate = null;
      if (sc.invalidAccounts.length > 0) sc.invalidAccounts.length = 0;
      try {
        if (isDigit(c)) this.dated(ls);
        else if (isLower(c)) this.undated(ls);
        else sc.fail(M.strayText(sc.describe()));
      } catch (e) {
        this.recover(ls, e);
      }
    }
    this.finishPushes();
  }

  /** Where the text ends in its file (parsePiece): the newlines and UTF-8 bytes up to its end. */
  measure(end: PieceExtent): void {
    const n = this.sc.n;
    end.lines = this.positions.lineAt(n) - 1;
    end.bytes = this.positions.byteAt(n);
  }

  /** Index of the line after the one holding `i`. */
  private lineAfter(i: number): number {
    const nl = this.sc.nextLf(i);
    return nl < this.sc.n ? nl + 1 : nl;
  }

  private dated(ls: number): void {
    const sc: Scanner = this.sc;
    const date = sc.readDate('a date', true);
    this.curDate = date;
    let time: number | null = null;
    // Beancount's lexer needs no blank between the date and a flag or keyword
    // (`2025-06-03* "Shop"`, `2025-06-03!`, `2025-06-03txn`, `2025-06-03open`): bean-check reads
    // these like the spaced forms, so we do too.
    if (!sc.ws() && !sc.atEol() && !isFlagChar(sc.code()) && !isLower(sc.code())) sc.fail(M.expected('a directive keyword', sc.describe()));
    if (isDigit(sc.code()) && sc.matchTime(sc.pos) >= 0) {
      if (!sc.zhang) sc.fail(M.timeInBeancount(sc.cut(sc.pos, sc.matchTime(sc.pos))));
      time = sc.readTime();
      sc.blank('a directive keyword');
    }
    let d: DirectiveAst | null;
    const flag = readTransactionFlag(sc);
    if (flag !== null) d = readTransaction(sc, date, time, flag);
    else if (isLower(sc.code())) {
      const at = sc.pos;
      const keyword = sc.readKeyword();
      // The keyword is a prefix of the word at `at`: they differ when a word character follows
      // (the word is cut out only for the message).
      if (isWordChar(sc.code())) sc.fail(M.unknownDirective(sc.wordAt(at)), at);
      d = readDatedDirective(sc, keyword, date, time);
      if (d === null) sc.fail(M.unknownDirective(keyword), at);
    } else return sc.fail(M.expectedDirective(sc.describe()));
    this.finish(d, ls);
  }

  /** Positions, custom budgets, time metadata and pushed tags/meta of a directive read whole. */
  private finish(d: DirectiveAst, ls: number): void {
    const end = this.sc.lastLineEnd;
    const p = this.positions;
    const file = this.out.file;
    const line = p.lineAt(ls);
    const start = p.byteAt(ls);
    // The end is counted last: Positions walks the text forward from the directive's start.
    const src = new DirectiveSrc(file, line, 1, start, start);
    if (d.type === 'transaction') {
      const spans = this.sc.postingSpans;
      const ps = d.postings;
      // Postings read by readPosting are ParsedPostings: their position is stored relative to the transaction's.
      for (let i = 0; i < ps.length; i++) p.placePosting(ps[i] as ParsedPosting, src, spans[2 * i], spans[2 * i + 1]);
    }
    src.end = p.byteAt(end);
    d.src = src;
    if (this.sc.invalidAccounts.length > 0) this.reportInvalidAccounts();

    if (d.type === 'custom' && isCustomBudget(d)) {
      const b = customToBudget(d);
      if (typeof b === 'string') {
        this.out.errors.push(SyntaxErrors.parse(this.site(d.src, ls, end), b));
        return;
      }
      d = b;
    }
    // zhang has no such rule (repeated `document` keys are its way to attach several files).
    // Indexed loops, not for-of: the iterator objects were measurable garbage while this ran
    // unoptimised on every directive.
    if (d.type === 'transaction' && !this.sc.zhang) {
      for (let i = 0; i < lateTagLines.length; i++)
        this.out.errors.push(SyntaxErrors.parse(this.site(d.src, ls, end), `Tags or links not allowed after the first posting: ${lateTagLines[i]}`));
      const dups = duplicateMetaMessages(d);
      for (let i = 0; i < dups.length; i++) this.out.errors.push(SyntaxErrors.parse(this.site(d.src, ls, end), dups[i]));
      this.postingChecks(d);
    }
    if (!this.sc.zhang && d.meta.length > 0) this.timeFromMeta(d);
    if (this.meta.length > 0) this.applyPushedMeta(d);
    if (this.tags.length > 0 && (d.type === 'transaction' || d.type === 'note' || d.type === 'document')) {
      // A transaction's list may be shared with others (transaction.ts sharedList): added to a copy.
      let own = false;
      for (let i = 0; i < this.tags.length; i++) {
        const t = this.tags[i];
        if (d.tags.indexOf(t.tag) >= 0) continue;
        if (!own) {
          d.tags = d.tags.slice();
          own = true;
        }
        d.tags.push(t.tag);
      }
    }
    this.out.directives.push(d);
  }

  /**
   * What bean-check 2.3.5 reports about a posting it still books, on the posting's line (the spec
   * is silent, so Beancount files do the same): a negative price ("Negative prices are not
   * allowed"; booked at its absolute value) and the merge marker `{*}` ("Cost merging is not
   * supported yet"; booked as if not written, as there).
   */
  private postingChecks(d: TransactionAst): void {
    const ps = d.postings;
    for (let i = 0; i < ps.length; i++) {
      const price = ps[i].price;
      const cost = ps[i].cost;
      const negative = price !== null && price.number !== null && price.number.isNeg();
      const merge = cost !== null && cost.merge;
      if (!negative && !merge) continue;
      const spans = this.sc.postingSpans;
      const site = { src: ps[i].src, source: this.sc.cut(spans[2 * i], spans[2 * i + 1]), date: d.date };
      if (merge) this.out.errors.push(SyntaxErrors.parse(site, M.costMerging()));
      if (negative) {
        const written = `${price.number}${price.currency ? ' ' + price.currency : ''}`;
        this.out.errors.push(SyntaxErrors.parse(site, M.negativePrice(written)));
        ps[i].price = { ...price, number: price.number!.abs() };
      }
    }
  }

  /**
   * Beancount files give a directive's time of day as `time: "HH:MM[:SS]"` metadata. Any other
   * `time:` value is plain metadata and the directive has no time, without an error: bean-check
   * reads every such value without complaint, so reporting one would be an error it never shows.
   */
  private timeFromMeta(d: DirectiveAst): void {
    for (let i = 0; i < d.meta.length; i++) {
      const m = d.meta[i];
      if (m.key !== 'time') continue;
      const t = m.kind === 'string' ? parseTimeOfDay(m.text.trim()) : null;
      if (t !== null) d.time = t;
      return;
    }
  }

  private applyPushedMeta(d: DirectiveAst): void {
    const seen = new Set<string>();
    for (const m of d.meta) seen.add(m.key);
    const add: MetaEntry[] = [];
    // The latest push of a key is in effect.
    for (let i = this.meta.length - 1; i >= 0; i--) {
      const e = this.meta[i].entry;
      if (seen.has(e.key)) continue;
      seen.add(e.key);
      add.push({ key: e.key, kind: e.kind, text: e.text });
    }
    if (add.length === 0) return;
    // NO_META and a shared list (values.ts keptMeta) are frozen: the pushed entries go to a copy.
    const meta = d.meta.slice();
    for (let i = add.length - 1; i >= 0; i--) meta.push(add[i]);
    d.meta = meta;
  }

  private undated(ls: number): void {
    const sc: Scanner = this.sc;
    const word = sc.wordAt(ls);
    const keyword = sc.readKeyword();
    if (keyword !== word) sc.fail(M.unknownDirective(word), ls);
    switch (keyword) {
      case 'option': {
        sc.blank('the option name');
        const name = sc.readString();
        if (ROOT_OPTIONS.has(name)) this.statefulLine = true;
        sc.blank('the option value');
        const value = sc.readString();
        sc.endLine('after the option');
        const src = this.lineSrc(ls);
        this.out.options.push({ name, value, src });
        // Beancount's grammar rebuilds its account check when a name_* option is read: from
        // this line on, in this file only (each file has its own parser there).
        if (!sc.zhang && ROOT_OPTIONS.has(name)) {
          const roots = [...sc.roots];
          roots[ROOT_OPTIONS.get(name)!] = value;
          sc.roots = roots;
        }
        const problem = sc.zhang ? null : beancountOptionProblem(name);
        if (problem !== null) this.out.errors.push(SyntaxErrors.parse({ src, source: this.sc.cut(ls, sc.lastLineEnd), date: null }, problem));
        return;
      }
      case 'include': {
        sc.blank('the file name');
        const pattern = sc.readString();
        sc.endLine('after the include');
        this.out.includes.push({ pattern, src: this.lineSrc(ls) });
        return;
      }
      case 'plugin': {
        sc.blank('the plugin name');
        const name = sc.readString();
        sc.ws();
        const config = sc.atEol() ? null : sc.readString();
        sc.endLine('after the plugin');
        this.out.plugins.push({ name, config, src: this.lineSrc(ls) });
        return;
      }
      case 'pushtag':
      case 'poptag': {
        this.statefulLine = true;
        sc.blank('a tag');
        if (!sc.isTagOrLinkAt() || sc.code() !== HASH) sc.fail(M.expected('a tag (#name)', sc.describe()));
        const tag = sc.readTagName();
        sc.endLine(`after ${keyword}`);
        const src = this.lineSrc(ls);
        const source = this.sc.cut(ls, sc.lastLineEnd);
        if (keyword === 'pushtag') this.tags.push({ tag, src, source });
        else {
          const i = this.tags.findIndex((t) => t.tag === tag);
          if (i < 0) this.out.errors.push(SyntaxErrors.parse({ src, source, date: null }, M.popAbsentTag(tag)));
          else this.tags.splice(i, 1);
        }
        return;
      }
      case 'pushmeta':
      case 'popmeta': {
        this.statefulLine = true;
        sc.blank('a metadata key');
        const key = sc.readKey();
        if (sc.code() !== COLON) sc.fail(M.expected('":" after the metadata key', sc.describe()));
        sc.pos++;
        const entry = keyword === 'pushmeta' ? readMetaValue(sc, key) : null;
        sc.endLine(`after ${keyword}`);
        const src = this.lineSrc(ls);
        const source = this.sc.cut(ls, sc.lastLineEnd);
        if (entry !== null) this.meta.push({ entry, src, source });
        else {
          let i = this.meta.length - 1;
          while (i >= 0 && this.meta[i].entry.key !== key) i--;
          if (i < 0) this.out.errors.push(SyntaxErrors.parse({ src, source, date: null }, M.popAbsentMeta(key)));
          else this.meta.splice(i, 1);
        }
        return;
      }
      default:
        sc.fail(M.unknownDirective(word), ls);
    }
  }

  /**
   * Beancount files: bean-check's "Invalid account name" for each account the scanner flagged
   * (root not one of the root names, or a first component starting with a non-ASCII character
   * that is not an uppercase letter or a digit), on the line and column of the account; the
   * directive is kept, as there.
   */
  private reportInvalidAccounts(): void {
    const sc: Scanner = this.sc;
    const p = this.positions;
    for (let k = 0; k < sc.invalidAccounts.length; k++) {
      const at = sc.invalidAccounts[k];
      const lineStart = at === 0 ? 0 : this.s.lastIndexOf('\n', at - 1) + 1;
      let lineEnd = this.s.indexOf('\n', at);
      if (lineEnd < 0) lineEnd = this.s.length;
      if (lineEnd > lineStart && this.s.charCodeAt(lineEnd - 1) === CR) lineEnd--;
      const src = p.ref(this.out.file, lineStart, lineEnd);
      src.column = p.columnAt(at);
      let end = at;
      while (end < lineEnd && (isAccountChar(this.s.charCodeAt(end)) || this.s.charCodeAt(end) === COLON)) end++;
      const site = { src, source: this.sc.cut(lineStart, lineEnd), date: this.curDate };
      this.out.errors.push(SyntaxErrors.parse(site, M.beancountAccountName(this.sc.cut(at, end), sc.roots)));
    }
    sc.invalidAccounts.length = 0;
  }

  private lineSrc(ls: number): SourceRef {
    return this.positions.ref(this.out.file, ls, this.sc.lastLineEnd);
  }

  private site(src: SourceRef, ls: number, end: number) {
    return { src, source: this.sc.cut(ls, end), date: this.curDate };
  }

  private finishPushes(): void {
    for (const t of this.tags) this.out.errors.push(SyntaxErrors.parse({ src: t.src, source: t.source, date: null }, M.unbalancedTag(t.tag)));
    for (const m of this.meta)
      this.out.errors.push(SyntaxErrors.parse({ src: m.src, source: m.source, date: null }, M.unbalancedMeta(m.entry.key)));
  }

  /** Reports the directive starting at `ls` as a whole and moves to the next column-1 line. */
  private recover(ls: number, e: unknown): void {
    const sc: Scanner = this.sc;
    let at: number;
    let message: string;
    if (e instanceof SyntaxFail) {
      at = e.at;
      message = e.message;
    } else {
      at = sc.pos;
      message = M.internal(e instanceof Error ? e.message : String(e));
    }
    if (at < ls) at = ls;
    if (at > this.s.length) at = this.s.length;
    const resync = this.nextColumn1Line(at);
    const p = this.positions;
    // bean-check reports a syntax error on the line of the offending token, not on the
    // directive's first line (issue 13): the error's line and column are that token's, and its
    // span and source are the token's line (a span is always the bytes of the source, and the
    // API's line_end stays right). The whole directive is still dropped. One deliberate
    // difference: bean-check's lexer counts a newline before it hands over the end-of-line token,
    // so "unexpected EOL" lands on the *next* line there; we report the line that ends too early.
    const tok = this.errorToken(at);
    const lineStart = tok === 0 ? 0 : this.s.lastIndexOf('\n', tok - 1) + 1;
    const lineEnd = this.errorEnd(lineStart, this.lineAfter(tok));
    const src = p.ref(this.out.file, lineStart, lineEnd);
    src.column = p.columnAt(tok);
    const where = `line ${src.line}, column ${src.column}`;
    const site = { src, source: this.sc.cut(lineStart, lineEnd), date: this.curDate };
    this.out.errors.push(SyntaxErrors.parse(site, `${message} (${where})`));
    sc.pos = resync;
  }

  /** Where the offending token starts: `at`, moved back from the end of the file onto the last line. */
  private errorToken(at: number): number {
    const s = this.s;
    let i = at;
    if (i >= s.length && i > 0 && s.charCodeAt(i - 1) === LF) i--;
    while (i > 0 && s.charCodeAt(i) === LF && s.charCodeAt(i - 1) === CR) i--;
    return i;
  }

  /** Start of the first line after the one holding `at` that starts in column 1 (or the end). */
  private nextColumn1Line(at: number): number {
    const s = this.s;
    const n = s.length;
    let i = at;
    for (;;) {
      const nl = s.indexOf('\n', i);
      if (nl < 0 || nl + 1 >= n) return n;
      i = nl + 1;
      const c = s.charCodeAt(i);
      if (c !== SPACE && c !== TAB && c !== LF && c !== CR) return i;
    }
  }

  /** End of the last non-blank line in [ls, resync): the failed directive's extent. */
  private errorEnd(ls: number, resync: number): number {
    const s = this.s;
    let e = resync;
    while (e > ls) {
      let lineEnd = e;
      if (s.charCodeAt(lineEnd - 1) === LF) lineEnd--;
      const lineStart = Math.max(ls, lineEnd > 0 ? s.lastIndexOf('\n', lineEnd - 1) + 1 : 0);
      let le = lineEnd;
      if (le > lineStart && s.charCodeAt(le - 1) === CR) le--;
      for (let i = lineStart; i < le; i++) {
        const c = s.charCodeAt(i);
        if (c !== SPACE && c !== TAB && c !== CR) return le;
      }
      e = lineStart;
    }
    return ls;
  }
}

/**
 * Parses one file, given as its text or as the bytes of an ASCII file (AsciiBytes). Never throws:
 * malformed input becomes ParseErrors in `errors`. `codes`: the text's code units to read
 * (codes.ts; tests give the two-byte form of an ASCII text).
 */
export function parseText(
  text: string | AsciiBytes,
  file: string,
  format: FileFormat,
  codes: Codes = typeof text === 'string' ? codesOf(text) : text.bytes,
): ParsedFile {
  const out: ParsedFile = { file, format, directives: [], options: [], includes: [], plugins: [], errors: [] };
  parseInto(out, text, codes, null);
  return out;
}

/** Where a piece of a file starts (or ends), as the parser counts: newlines and UTF-8 bytes before it. */
export interface PieceExtent {
  lines: number;
  /** A decoded text's UTF-8 bytes: an invalid byte counts as U+FFFD's three, as in a whole parse. */
  bytes: number;
}

/**
 * Parses one piece of a file (streamed-read.ts) into `out`, after what it holds: positions count
 * from `at`, the piece's start in the file, which is then moved to the piece's end, as the parse's
 * own position cursor counts it (it has walked nearly to the end already: counting each piece's
 * lines again was a pass over every byte of the file). True when this piece's parse carried state
 * past a line (carriesState).
 */
export function parsePiece(out: ParsedFile, text: string | AsciiBytes, at: PieceExtent): boolean {
  return parseInto(out, text, typeof text === 'string' ? codesOf(text) : text.bytes, at);
}

const statefulParses = new WeakSet<ParsedFile>();

/**
 * Whether the parse of a text read anything that carries state past its own line: a string over
 * a line end (an unclosed quote reads on to the next quote), pushtag/poptag/pushmeta/popmeta, or
 * a `name_*` option. Without any, every line that begins a directive is between directives for
 * the parser, so the text may be cut there and its pieces parsed alone with the same result
 * (chunks.ts: what chunkStarts' text checks find, without reading the text again). A parse that
 * failed (an internal error) counts as carrying state.
 */
export function carriesState(parsed: ParsedFile): boolean {
  return statefulParses.has(parsed);
}

function parseInto(out: ParsedFile, text: string | AsciiBytes, codes: Codes, at: PieceExtent | null): boolean {
  const firstError = out.errors.length;
  const source = typeof text === 'string' ? text : null;
  let crosses = true;
  try {
    const parser = new FileParser(source, codes, out, at);
    parser.run();
    crosses = parser.crossesLines();
    if (crosses) statefulParses.add(out);
    if (at !== null) parser.measure(at);
  } catch (e) {
    statefulParses.add(out);
    out.errors.push(SyntaxErrors.parse({ src: null, source: null, date: null }, M.internal(e instanceof Error ? e.message : String(e))));
    if (at !== null) new FileParser(source, codes, { ...out, errors: [] }, at).measure(at);
  } finally {
    doneWithCodes(codes);
  }
  // Messages and sources are cut from the text (or built around cut pieces): a kept error must
  // not keep the whole file text alive (detach.ts).
  for (let i = firstError; i < out.errors.length; i++) {
    const e = out.errors[i];
    e.message = detach(e.message);
    e.source = detachOrNull(e.source);
  }
  return crosses;
}
