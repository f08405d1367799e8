/**
 * The parser's posting: a PostingAst whose `src` is made when read, from numbers stored in the
 * posting itself (issue 15 §2).
 *
 * A SourceRef object per posting was about 320k objects on the xlarge bench ledger (20 MB), and
 * the young-generation collector copied each of them twice; nothing at load reads a posting's
 * position except the rare error on it, and queries read the transaction's. So a posting keeps
 * its position relative to its transaction's: a reference to the transaction's SourceRef and two
 * small integers (lines and bytes after it, column, length). The fields most postings leave empty
 * (flag, cost, price, metadata) are getters over a rarely made `Extras`, which then holds the
 * reference too: three fields where six were (file, line, column, start, end and the Extras), 24
 * bytes less a posting (24 MB on the 1M-posting bench ledger, and about a tenth of its parse
 * time). A chunk moved in its file (chunks.ts) moves the transaction's SourceRef, and its postings
 * with it. Object spread, JSON and deep equality see only the account, number and currency: code
 * that copies a posting names every field (`copyPosting`), as a spread of a class instance does
 * not copy its getters.
 */
import type { CostSpec, Meta, PostingAst, PriceSpec, SourceRef } from '../ast';
import type { Dec } from '../../decimal';
import { NO_META } from '../shared';

/**
 * What few postings write (7% of the xlarge bench ledger's: a flag, a cost, a price or metadata),
 * in an object of its own made only for those: four fields fewer in every other posting. It takes
 * the posting's place for the transaction's position as well (`at`), so that a posting has one
 * field for both.
 */
class Extras {
  flag: string | null = null;
  cost: CostSpec | null = null;
  price: PriceSpec | null = null;
  meta: Meta = NO_META;
  /** The position, when it does not fit the packed form (or was assigned whole). */
  src: SourceRef | null = null;
  constructor(public at: SourceRef) {}
}

/** Where an unplaced posting stands (as the parser's PENDING_SRC for directives). */
const UNPLACED: SourceRef = Object.freeze({ file: '', line: 0, column: 0, start: 0, end: 0 });

/**
 * Bounds of the packed numbers, each pair kept under 2^30 so that both stay small integers
 * (V8 Smis) on every build: lines after the transaction's first, and column, in `#a`; bytes after
 * the transaction's start, and length, in `#b`.
 */
const LINES = 1 << 14;
const COLUMNS = 1 << 16;
const OFFSETS = 1 << 16;
const LENGTHS = 1 << 14;
/** `#a` of a posting whose position is whole in its Extras. */
const WHOLE = -1;

export class ParsedPosting implements PostingAst {
  account: string;
  number: Dec | null = null;
  currency: string | null = null;
  /** The transaction's position, which this one is relative to, or the Extras that hold it. */
  #at: SourceRef | Extras = UNPLACED;
  #a = 0;
  #b = 0;

  constructor(flag: string | null, account: string) {
    this.account = account;
    if (flag !== null) this.flag = flag;
  }

  // The setters make the Extras themselves: a private method here would give every instance a
  // class-brand field (8 bytes a posting, 8 MB on the 1M-posting bench ledger).
  get flag(): string | null {
    const x = this.#at;
    return x instanceof Extras ? x.flag : null;
  }
  set flag(v: string | null) {
    const x = this.#at;
    if (x instanceof Extras) x.flag = v;
    else if (v !== null) (this.#at = new Extras(x)).flag = v;
  }
  get cost(): CostSpec | null {
    const x = this.#at;
    return x instanceof Extras ? x.cost : null;
  }
  set cost(v: CostSpec | null) {
    const x = this.#at;
    if (x instanceof Extras) x.cost = v;
    else if (v !== null) (this.#at = new Extras(x)).cost = v;
  }
  get price(): PriceSpec | null {
    const x = this.#at;
    return x instanceof Extras ? x.price : null;
  }
  set price(v: PriceSpec | null) {
    const x = this.#at;
    if (x instanceof Extras) x.price = v;
    else if (v !== null) (this.#at = new Extras(x)).price = v;
  }
  get meta(): Meta {
    const x = this.#at;
    return x instanceof Extras ? x.meta : NO_META;
  }
  set meta(v: Meta) {
    const x = this.#at;
    if (x instanceof Extras) x.meta = v;
    else if (v !== NO_META) (this.#at = new Extras(x)).meta = v;
  }

  /** A new SourceRef each time (callers may keep or change it without touching the posting). */
  get src(): SourceRef {
    const x = this.#at;
    const a = this.#a;
    if (a === WHOLE) return { ...(x as Extras).src! };
    const at = x instanceof Extras ? x.at : x;
    const b = this.#b;
    const start = at.start + Math.floor(b / LENGTHS);
    return { file: at.file, line: at.line + Math.floor(a / COLUMNS), column: a % COLUMNS, start, end: start + (b % LENGTHS) };
  }

  set src(r: SourceRef) {
    const x = this.#at;
    this.#a = WHOLE;
    (x instanceof Extras ? x : (this.#at = new Extras(x))).src = { file: r.file, line: r.line, column: r.column, start: r.start, end: r.end };
  }

  /** Places the posting at (line, column, bytes [start, end)) of the file of `at`, its transaction's position. */
  placeIn(at: SourceRef, line: number, column: number, start: number, end: number): void {
    const dl = line - at.line;
    const ds = start - at.start;
    const len = end - start;
    if (dl >= 0 && dl < LINES && column >= 0 && column < COLUMNS && ds >= 0 && ds < OFFSETS && len >= 0 && len < LENGTHS) {
      const x = this.#at;
      if (x instanceof Extras) x.at = at;
      else this.#at = at;
      this.#a = dl * COLUMNS + column;
      this.#b = ds * LENGTHS + len;
    } else this.src = { file: at.file, line, column, start, end };
  }

  /**
   * Moves the position `bytes` bytes and `lines` lines down (a chunk parsed alone: chunks.ts). A
   * position relative to the transaction's moves with it: only a whole one is moved here.
   */
  shift(bytes: number, lines: number): void {
    if (this.#a !== WHOLE) return;
    const r = (this.#at as Extras).src!;
    r.line += lines;
    r.start += bytes;
    r.end += bytes;
  }
}

/**
 * A plain-object copy of a posting with some fields replaced. Plugins rewrite postings with this,
 * never with `{ ...p }`, which would drop a ParsedPosting's `src`.
 */
export function copyPosting(p: PostingAst, changes: Partial<PostingAst> = {}): PostingAst {
  return {
    flag: p.flag,
    account: p.account,
    number: p.number,
    currency: p.currency,
    cost: p.cost,
    price: p.price,
    meta: p.meta,
    src: p.src,
    ...changes,
  };
}
