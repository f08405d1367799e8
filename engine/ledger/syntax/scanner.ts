/**
 * The cursor the directive readers share: one per file, over the whole text, reading one token
 * at a time straight from char codes (no token objects, no regular expressions), because a large
 * ledger has millions of tokens.
 *
 * Readers either return a value and advance `pos`, or throw a SyntaxFail carrying the position;
 * the file parser turns that into a ParseError for the whole directive and resynchronises.
 * Whitespace between tokens is spaces and tabs; a carriage return counts as whitespace so CRLF
 * files read like LF files.
 */
import { makeDate, type DayNum } from '../../dates';
import { SyntaxMessages as M } from '../errors';
import {
  BACKSLASH,
  CARET,
  COLON,
  CR,
  HASH,
  LF,
  QUOTE,
  SEMI,
  SPACE,
  TAB,
  MINUS,
  SLASH,
  isAccountChar,
  isAccountFirstStart,
  isAccountPartStart,
  isCurrencyChar,
  isDigit,
  isKeyChar,
  isLower,
  isTagChar,
  isUpper,
  isWordChar,
} from './chars';
import { detach } from './detach';
import { codesOf, latin1Of, type Codes } from './codes';
import { SliceTable, hashStep } from './slice-table';
import { NameTrie, columnsOf } from './name-trie';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** The ASCII characters of account names (isAccountChar below 0x80, and the colon). */
const ACCOUNT_COLUMNS = columnsOf(UPPER + UPPER.toLowerCase() + DIGITS + '-:');
/** The characters of currencies (isCurrencyChar). */
const CURRENCY_COLUMNS = columnsOf(UPPER + DIGITS + "'._-");

/** Thrown (not an Error: no stack is needed) by readers on malformed input. */
export class SyntaxFail {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/** Beancount's default root account names (options name_assets ... name_expenses). */
export const DEFAULT_ROOTS: readonly string[] = Object.freeze(['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses']);
/** First character of an account component after the root, in Beancount (account.ACC_COMP_NAME_RE). */
const UPPER_OR_DIGIT = /^[\p{Lu}\p{Nd}]/u;

/** Longest quoted string shared through the name table (longer ones are cut out each time). */
const MAX_SHARED_STRING = 128;

/** Longest currency Beancount accepts (24 characters). */
const MAX_CURRENCY = 24;

/** An account name already read, and Beancount's root check of it under the `roots` it was made with. */
interface KnownAccount {
  readonly name: string;
  roots: readonly string[];
  rootsOk: boolean;
}

export class Scanner {
  pos = 0;
  readonly n: number;
  /** Content end (before CR LF) of the last line fully consumed by endLine or a comment line. */
  lastLineEnd = 0;
  /** Whether a string read so far ran over a line end (ParseCache: the file is then parsed whole). */
  stringCrossedLine = false;
  /**
   * Char ranges [start, end) of the postings of the transaction being read, for their SourceRefs:
   * entries [0, 2 * postings) are valid. Reused, never truncated: `length = 0` drops an array's
   * storage and the next push allocates it again, once per transaction.
   */
  postingSpans = new Int32Array(64);
  /** Accounts and currencies repeat a lot: one shared string per distinct name. */
  private readonly names = new SliceTable<string>();
  /** Accounts read so far (each passed the checks once), by the same hash as `names`. */
  private readonly accounts = new SliceTable<KnownAccount>();
  /** The same accounts (ASCII ones) as a trie: the path a known account is read by. */
  private readonly accountTrie = new NameTrie<KnownAccount>(ACCOUNT_COLUMNS, 65);
  /** Currencies read so far (ASCII, as they all are in Beancount). */
  private readonly currencyTrie = new NameTrie<string>(CURRENCY_COLUMNS, 41);
  /**
   * Beancount files: the root names an account may start with (options name_assets ...; set by
   * the parser from the option line on, per file, as Beancount 2.3.5's grammar does).
   */
  roots: readonly string[] = DEFAULT_ROOTS;
  /**
   * Beancount files: start offsets of accounts read since `invalidAccounts.length = 0` that the
   * lexer takes but the grammar calls "Invalid account name" (the directive is still kept).
   */
  readonly invalidAccounts: number[] = [];

  /** The text, when the parse was given one (see `s`). */
  #text: string | null;

  constructor(
    text: string | null,
    readonly zhang: boolean,
    /**
     * The text's code units (codes.ts): what every reader scans. Without a text, the code units
     * of an ASCII file's bytes: strings are then cut out of them (`cut`).
     */
    readonly codes: Codes = codesOf(text!),
  ) {
    this.#text = text;
    this.n = codes.length;
  }

  /**
   * The whole text, for messages. A parse from an ASCII file's bytes has none until a syntax
   * error asks: a 35 MB string made only to cut a few thousand names out of it (ParsedText).
   */
  get s(): string {
    return (this.#text ??= latin1Of(this.codes as Uint8Array, 0, this.n));
  }

  /** The characters in [a, b) as a string. */
  cut(a: number, b: number): string {
    const t = this.#text;
    return t !== null ? t.slice(a, b) : latin1Of(this.codes as Uint8Array, a, b);
  }

  /** Whether the characters of `t` stand at `i`. */
  startsAt(t: string, i: number): boolean {
    const cs = this.codes;
    const m = t.length;
    if (i < 0 || i + m > this.n) return false;
    for (let k = 0; k < m; k++) if (cs[i + k] !== t.charCodeAt(k)) return false;
    return true;
  }

  /** Index of the first newline at or after `i`, or the text's length. */
  nextLf(i: number): number {
    const nl = this.codes.indexOf(LF, i);
    return nl < 0 ? this.n : nl;
  }

  /** Records the span of posting number `k` (0-based) of the transaction being read. */
  setPostingSpan(k: number, start: number, end: number): void {
    if (2 * k + 1 >= this.postingSpans.length) {
      const grown = new Int32Array(this.postingSpans.length * 2);
      grown.set(this.postingSpans);
      this.postingSpans = grown;
    }
    this.postingSpans[2 * k] = start;
    this.postingSpans[2 * k + 1] = end;
  }

  fail(message: string, at = this.pos): never {
    throw new SyntaxFail(message, at);
  }

  code(i = this.pos): number {
    return i < this.n ? this.codes[i] : -1;
  }

  /** Short quoted excerpt of what stands at `i`, for messages. */
  describe(i = this.pos): string {
    const cs = this.codes;
    if (i >= this.n) return 'end of file';
    const c = cs[i];
    if (c === LF || (c === CR && (i + 1 >= this.n || cs[i + 1] === LF))) return 'end of line';
    let j = i + 1;
    while (j < this.n && j - i < 30) {
      const d = cs[j];
      if (d === SPACE || d === TAB || d === LF || d === CR) break;
      j++;
    }
    return JSON.stringify(this.cut(i, j));
  }

  /** Skips spaces, tabs and carriage returns; true if any. */
  ws(): boolean {
    const cs = this.codes;
    const start = this.pos;
    let i = start;
    while (i < this.n) {
      const c = cs[i];
      if (c !== SPACE && c !== TAB && c !== CR) break;
      i++;
    }
    this.pos = i;
    return i > start;
  }

  /** At the end of the line's content (newline, comment or end of file), after optional blanks. */
  atEol(): boolean {
    if (this.pos >= this.n) return true;
    const c = this.codes[this.pos];
    return c === LF || c === SEMI || (c === CR && (this.pos + 1 >= this.n || this.codes[this.pos + 1] === LF));
  }

  /**
   * Requires the rest of the line to be blank or a comment, consumes it with its newline and
   * returns the index where the line's content ends (before CR LF).
   */
  endLine(what: string): number {
    this.ws();
    const cs = this.codes;
    let i = this.pos;
    if (i < this.n && cs[i] === SEMI) {
      i = this.nextLf(i);
    } else if (i < this.n && cs[i] !== LF) {
      this.fail(M.unexpected(what, this.describe(i)), i);
    }
    let end = i;
    if (end > 0 && cs[end - 1] === CR) end--;
    this.pos = i < this.n ? i + 1 : i;
    this.lastLineEnd = end;
    return end;
  }

  /** Requires at least one blank before the next token (tokens like `open Assets:A` need it). */
  blank(what: string): void {
    if (!this.ws() && !this.atEol()) this.fail(M.expected(what, this.describe()));
  }

  /**
   * At a line start inside a directive: if the line is indented and not blank, skips the indent
   * and returns its width (a tab counts to the next multiple of 4). Indented comment lines are
   * consumed and belong to the directive. Returns -1 at a blank line, a column-1 line or the end.
   */
  indentedLine(): number {
    const cs = this.codes;
    const n = this.n;
    for (;;) {
      let i = this.pos;
      if (i >= n) return -1;
      let c = cs[i];
      if (c !== SPACE && c !== TAB) return -1;
      let w = 0;
      while (i < n) {
        c = cs[i];
        if (c === SPACE) w++;
        else if (c === TAB) w += 4 - (w % 4);
        else if (c !== CR) break;
        i++;
      }
      if (i >= n || c === LF) return -1;
      if (c === SEMI) {
        this.pos = i;
        this.endLine('');
        continue;
      }
      this.pos = i;
      return w;
    }
  }

  /**
   * The shared string for the name at [start, end) with scan hash `h`. Detached from the file
   * text: the ledger keeps these for its lifetime (see detach.ts).
   */
  private name(start: number, end: number, h: number): string {
    const hit = this.names.get(this.codes, start, end, h);
    if (hit !== undefined) return hit;
    const t = detach(this.cut(start, end));
    this.names.set(t, t, h);
    return t;
  }

  /**
   * An account at the cursor. Postings name a few hundred distinct accounts hundreds of thousands
   * of times, so an account read before (and so already checked) is found by the trie, else by
   * its hash among the known ones (non-ASCII names, names past the trie's bound); the checks run
   * for a name seen the first time.
   */
  readAccount(): string {
    const cs = this.codes;
    const n = this.n;
    const start = this.pos;
    const trie = this.accountTrie;
    const known0 = trie.values[trie.walk(cs, start, n)];
    if (known0 !== undefined) {
      const end = trie.end;
      const c = end < n ? cs[end] : -1;
      // A known name only if it ends where the trie stopped (`Assets:Cash` is not `Assets:Cashback`).
      if (!isAccountChar(c) && c !== COLON) return this.knownAccount(known0, start, end);
    }
    let i = start;
    let h = 0;
    for (; i < n; i++) {
      const c = cs[i];
      if (!isAccountChar(c) && c !== COLON) break;
      h = hashStep(h, c);
    }
    const known = this.accounts.get(cs, start, i, h);
    if (known === undefined) return this.newAccount(start, i, h);
    return this.knownAccount(known, start, i);
  }

  private knownAccount(known: KnownAccount, start: number, end: number): string {
    if (!this.zhang) {
      // The root check depends on the name_* options in force (they may change within a file).
      if (known.roots !== this.roots) {
        known.roots = this.roots;
        known.rootsOk = this.validBeancountAccount(start, this.indexOfColon(start));
      }
      if (!known.rootsOk) this.invalidAccounts.push(start);
    }
    this.pos = end;
    return known.name;
  }

  /** Index of the first colon at or after `i` (a known account has one), or -1. */
  private indexOfColon(i: number): number {
    const cs = this.codes;
    for (; i < this.n; i++) if (cs[i] === COLON) return i;
    return -1;
  }

  /** The checks of an account name not read before in this file, which then joins the known ones. */
  private newAccount(start: number, end: number, h: number): string {
    const cs = this.codes;
    if (!isAccountFirstStart(this.code())) this.fail(M.expected('an account', this.describe()));
    let partStart = start;
    let colons = 0;
    let firstColon = -1;
    let ok = true;
    for (let i = start; i < end; i++) {
      const c = cs[i];
      if (c === COLON) {
        if (i === partStart) ok = false;
        if (colons === 0) firstColon = i;
        colons++;
        partStart = i + 1;
        continue;
      }
      if (i === partStart && partStart !== start && !isAccountPartStart(c)) ok = false;
    }
    if (end === partStart || colons === 0) ok = false;
    if (!ok) this.fail(M.invalidAccount(this.cut(start, end)), start);
    const rootsOk = this.zhang || this.validBeancountAccount(start, firstColon);
    if (!rootsOk) this.invalidAccounts.push(start);
    const name = this.name(start, end, h);
    const known: KnownAccount = { name, roots: this.roots, rootsOk };
    this.accounts.set(name, known, h);
    this.accountTrie.insert(name, known);
    this.pos = end;
    return name;
  }

  /**
   * Beancount 2.3.5's grammar checks each account against `(?:ROOTS)(?::[\p{Lu}\p{Nd}]...)+`
   * with `match` (a prefix match): the root must be one of the five root names and the first
   * component after it must start with an uppercase letter or a digit. Its lexer already took
   * any non-ASCII start, so `Assets:日本` or `Foo:Bar` read and are kept, with an "Invalid
   * account name" error. Later components are not checked there (`Assets:Bank:日本` is clean).
   * .zhang files keep accepting them (zhang users write Chinese account names).
   */
  private validBeancountAccount(start: number, firstColon: number): boolean {
    const cs = this.codes;
    const rootLen = firstColon - start;
    let rootOk = false;
    const roots = this.roots;
    for (let r = 0; r < roots.length && !rootOk; r++) rootOk = roots[r].length === rootLen && this.startsAt(roots[r], start);
    if (!rootOk) return false;
    const c = cs[firstColon + 1];
    // ASCII starts were already checked by the scanner (uppercase or digit).
    return c < 0x80 || UPPER_OR_DIGIT.test(this.cut(firstColon + 1, Math.min(firstColon + 3, this.n)));
  }

  /** End index of a currency at `i`, or -1. */
  private matchCurrency(i: number): number {
    const cs = this.codes;
    if (!isUpper(this.code(i))) return -1;
    let j = i + 1;
    while (j < this.n && isCurrencyChar(cs[j])) j++;
    let end = j;
    // The last character is a letter or digit (`USD.` is `USD` followed by a stray dot).
    while (end > i + 1) {
      const c = cs[end - 1];
      if (isUpper(c) || isDigit(c)) break;
      end--;
    }
    if (end - i > MAX_CURRENCY) return -1;
    // bean-check 2.3.5's currencies have two characters or more ("Invalid token: 'V'"); the spec
    // is silent, so Beancount files follow it. zhang reads `V`.
    if (end - i === 1 && !this.zhang) return -1;
    if (end === j) {
      const d = this.code(j);
      if (d >= 0 && (isWordChar(d) || d === HASH)) return -1;
    }
    return end;
  }

  /** A currency at the cursor, or null (cursor unchanged). */
  tryCurrency(): string | null {
    const start = this.pos;
    const cs = this.codes;
    const trie = this.currencyTrie;
    const known = trie.values[trie.walk(cs, start, this.n)];
    if (known !== undefined) {
      // A currency read before, if its run of currency characters ends there and no word
      // character or `#` follows (matchCurrency's rules; the name itself passed them once).
      const end = trie.end;
      const c = end < this.n ? cs[end] : -1;
      if (c < 0 || (!isCurrencyChar(c) && !isWordChar(c) && c !== HASH)) {
        this.pos = end;
        return known;
      }
    }
    const end = this.matchCurrency(start);
    if (end < 0) return null;
    let h = 0;
    for (let i = start; i < end; i++) h = hashStep(h, cs[i]);
    this.pos = end;
    const name = this.name(start, end, h);
    trie.insert(name, name);
    return name;
  }

  readCurrency(): string {
    const c = this.tryCurrency();
    if (c === null) {
      if (isUpper(this.code())) this.fail(M.invalidCurrency(this.wordAt(this.pos)));
      this.fail(M.expected('a currency', this.describe()));
    }
    return c;
  }

  /** The run of word characters at `i` (for messages and bare-word checks). */
  wordAt(i: number): string {
    let j = i;
    while (j < this.n && isWordChar(this.codes[j])) j++;
    return this.cut(i, j);
  }

  /**
   * A double-quoted string. Escapes: \" \\ \n \t; any other backslash is kept as written (so
   * query texts with `\d` survive). A string may span lines.
   */
  readString(): string {
    const cs = this.codes;
    const open = this.pos;
    if (this.code() !== QUOTE) this.fail(M.expected('a string in double quotes', this.describe()));
    let i = open + 1;
    let out: string | null = null;
    let seg = i;
    let h = 0;
    let lf = false;
    for (; i < this.n; i++) {
      const c = cs[i];
      if (c === QUOTE) break;
      if (c === LF) lf = true;
      h = hashStep(h, c);
      if (c === BACKSLASH && i + 1 < this.n) {
        const d = cs[i + 1];
        let rep: string | null = null;
        if (d === QUOTE) rep = '"';
        else if (d === BACKSLASH) rep = '\\';
        else if (d === 110) rep = '\n';
        else if (d === 116) rep = '\t';
        if (rep !== null) {
          out = (out ?? '') + this.cut(seg, i) + rep;
          i++;
          seg = i + 1;
        }
      }
    }
    if (lf) this.stringCrossedLine = true;
    if (i >= this.n) this.fail(M.unterminatedString(), open);
    this.pos = i + 1;
    // Payees and narrations repeat (a few hundred distinct ones over a hundred thousand
    // transactions of the bean-example ledgers): one shared string each, instead of a string
    // object per directive kept for the life of the ledger. Long texts rarely repeat.
    if (out === null && i - seg <= MAX_SHARED_STRING) return this.name(seg, i, h);
    const tail = this.cut(seg, i);
    return detach(out === null ? tail : out + tail);
  }

  /**
   * End index of a date `YYYY-MM-DD` (also `/`, one-digit month and day) at `i`, or -1. With
   * `glued`, a letter may follow (a directive's date against its flag or keyword, as Beancount's
   * lexer reads `2025-06-03P` or `2025-06-03open`).
   */
  matchDate(i: number, glued = false): number {
    const cs = this.codes;
    const n = this.n;
    if (i + 8 > n) return -1;
    for (let k = 0; k < 4; k++) if (!isDigit(this.code(i + k))) return -1;
    let j = i + 4;
    let sep = this.code(j);
    if (sep !== MINUS && sep !== SLASH) return -1;
    j++;
    let d = 0;
    while (d < 2 && isDigit(this.code(j))) (j++, d++);
    if (d === 0) return -1;
    sep = this.code(j);
    if (sep !== MINUS && sep !== SLASH) return -1;
    j++;
    d = 0;
    while (d < 2 && isDigit(this.code(j))) (j++, d++);
    if (d === 0) return -1;
    const after = j < n ? cs[j] : -1;
    if (after >= 0 && (isDigit(after) || (!glued && (isLower(after) || isUpper(after))))) return -1;
    return j;
  }

  private dateValue(i: number, end: number): DayNum | null {
    const cs = this.codes;
    const y = (cs[i] - 48) * 1000 + (cs[i + 1] - 48) * 100 + (cs[i + 2] - 48) * 10 + (cs[i + 3] - 48);
    let j = i + 5;
    let m = 0;
    while (isDigit(cs[j])) m = m * 10 + (cs[j++] - 48);
    j++;
    let d = 0;
    while (j < end) d = d * 10 + (cs[j++] - 48);
    // Ledgers are mostly in date order, many directives to a day: the day number of the last
    // date read is kept (the calendar arithmetic showed in profiles of large ledgers).
    const key = y * 10000 + m * 100 + d; // month and day have at most two digits: unique
    if (key === this.lastDateKey) return this.lastDate;
    const v = makeDate(y, m, d);
    this.lastDateKey = key;
    this.lastDate = v;
    return v;
  }
  private lastDateKey = -1;
  private lastDate: DayNum | null = null;

  readDate(what = 'a date', glued = false): DayNum {
    const end = this.matchDate(this.pos, glued);
    if (end < 0) this.fail(M.expected(what, this.describe()));
    const v = this.dateValue(this.pos, end);
    if (v === null) this.fail(M.invalidDate(this.cut(this.pos, end)));
    this.pos = end;
    return v;
  }

  /** End index of a time `H:MM` / `HH:MM[:SS]` at `i`, or -1. */
  matchTime(i: number): number {
    let j = i;
    let d = 0;
    while (d < 2 && isDigit(this.code(j))) (j++, d++);
    if (d === 0 || this.code(j) !== COLON || !isDigit(this.code(j + 1)) || !isDigit(this.code(j + 2))) return -1;
    j += 3;
    if (this.code(j) === COLON && isDigit(this.code(j + 1)) && isDigit(this.code(j + 2))) j += 3;
    const after = this.code(j);
    if (after >= 0 && (isWordChar(after) || after === COLON)) return -1;
    return j;
  }

  /** Seconds since midnight of the time at the cursor. */
  readTime(): number {
    const end = this.matchTime(this.pos);
    if (end < 0) this.fail(M.expected('a time of day', this.describe()));
    const text = this.cut(this.pos, end);
    const secs = parseTimeOfDay(text);
    if (secs === null) this.fail(M.invalidTime(text));
    this.pos = end;
    return secs;
  }

  /** `#tag` or `^link` at the cursor: the name without its sign. */
  isTagOrLinkAt(i = this.pos): boolean {
    const c = this.code(i);
    return (c === HASH || c === CARET) && isTagChar(this.code(i + 1));
  }

  /** Tags and links repeat like accounts: shared (and so detached from the text) through the name table. */
  readTagName(): string {
    const cs = this.codes;
    const start = this.pos + 1;
    let j = start;
    let h = 0;
    for (let c: number; j < this.n && isTagChar((c = cs[j])); j++) h = hashStep(h, c);
    this.pos = j;
    return this.name(start, j, h);
  }

  /** A metadata key `[a-z][A-Za-z0-9_-]*` (the colon is not consumed); keys repeat, so shared. */
  readKey(): string {
    const cs = this.codes;
    const start = this.pos;
    if (!isLower(this.code())) this.fail(M.expected('a metadata key', this.describe()));
    let h = hashStep(0, cs[start]);
    let j = start + 1;
    for (let c: number; j < this.n && isKeyChar((c = cs[j])); j++) h = hashStep(h, c);
    // bean-check 2.3.5's lexer wants two characters or more (`[a-z][a-zA-Z0-9-_]+:`) and
    // refuses the directive holding `a:`; the spec says nothing, so Beancount files follow it.
    if (j === start + 1 && !this.zhang) this.fail(M.oneLetterKey(this.cut(start, j)), start);
    this.pos = j;
    return this.name(start, j, h);
  }

  /** A lowercase keyword such as `open` or `budget-add` (shared: one per directive, few distinct). */
  readKeyword(): string {
    const cs = this.codes;
    const start = this.pos;
    let j = start;
    let h = 0;
    while (j < this.n) {
      const c = cs[j];
      if (!(isLower(c) || c === MINUS)) break;
      h = hashStep(h, c);
      j++;
    }
    this.pos = j;
    return this.name(start, j, h);
  }

  /** A bare word: everything up to a blank, newline, comment or quote (zhang budget names). */
  readBareWord(what: string): string {
    const cs = this.codes;
    const start = this.pos;
    let j = start;
    while (j < this.n) {
      const c = cs[j];
      if (c === SPACE || c === TAB || c === LF || c === CR || c === SEMI || c === QUOTE) break;
      j++;
    }
    if (j === start) this.fail(M.expected(what, this.describe()));
    this.pos = j;
    return detach(this.cut(start, j));
  }

  /** A quoted string or a bare word (names in zhang budget directives and `custom budget ...`). */
  readName(what: string): string {
    return this.code() === QUOTE ? this.readString() : this.readBareWord(what);
  }
}

function digitsAt(text: string, i: number): boolean {
  return isDigit(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1));
}
function two(text: string, i: number): number {
  return (text.charCodeAt(i) - 48) * 10 + (text.charCodeAt(i + 1) - 48);
}

/** `H:MM`, `HH:MM` or `HH:MM:SS` to seconds since midnight; null when out of range or malformed. */
export function parseTimeOfDay(text: string): number | null {
  // Read from char codes: Beancount ledgers give tens of thousands of `time:` values.
  const n = text.length;
  // Hours have one or two digits, minutes and seconds exactly two.
  const hl = n > 1 && text.charCodeAt(1) === COLON ? 1 : 2;
  if (n !== hl + 3 && n !== hl + 6) return null;
  if (!isDigit(text.charCodeAt(0)) || (hl === 2 && !isDigit(text.charCodeAt(1)))) return null;
  if (text.charCodeAt(hl) !== COLON || !digitsAt(text, hl + 1)) return null;
  if (n === hl + 6 && (text.charCodeAt(hl + 3) !== COLON || !digitsAt(text, hl + 4))) return null;
  const h = hl === 1 ? text.charCodeAt(0) - 48 : two(text, 0);
  const m = two(text, hl + 1);
  const sec = n === hl + 6 ? two(text, hl + 4) : 0;
  if (h > 23 || m > 59 || sec > 59) return null;
  return h * 3600 + m * 60 + sec;
}
