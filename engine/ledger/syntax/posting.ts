/**
 * The parser's posting: a PostingAst whose `src` is made when read, from positions stored as plain
 * numbers in the posting itself (issue 15 §2).
 *
 * A SourceRef object per posting was about 320k objects on the xlarge bench ledger (20 MB), and
 * the young-generation collector copied each of them twice; nothing at load reads a posting's
 * position except the rare error on it, and queries read the transaction's. The numbers live in
 * private fields. The fields most postings leave empty (flag, cost, price, metadata) are getters
 * over a rarely made `Extras`. So object spread, JSON and deep equality see only the account,
 * number and currency: code that copies a posting names every field (`copyPosting`), as a spread
 * of a class instance does not copy its getters.
 */
import type { CostSpec, Meta, PostingAst, PriceSpec, SourceRef } from '../ast';
import type { Dec } from '../../decimal';
import { NO_META } from '../shared';

/**
 * What few postings write (7% of the xlarge bench ledger's: a flag, a cost, a price or metadata),
 * in an object of its own made only for those: four fields fewer in every other posting.
 */
class Extras {
  flag: string | null = null;
  cost: CostSpec | null = null;
  price: PriceSpec | null = null;
  meta: Meta = NO_META;
}

export class ParsedPosting implements PostingAst {
  account: string;
  number: Dec | null = null;
  currency: string | null = null;
  #x: Extras | null = null;
  #file = '';
  #line = 0;
  #column = 0;
  #start = 0;
  #end = 0;

  constructor(flag: string | null, account: string) {
    this.account = account;
    if (flag !== null) this.flag = flag;
  }

  // The setters make the Extras themselves: a private method here would give every instance a
  // class-brand field (8 bytes a posting, 8 MB on the 1M-posting bench ledger).
  get flag(): string | null {
    const x = this.#x;
    return x === null ? null : x.flag;
  }
  set flag(v: string | null) {
    if (v !== null || this.#x !== null) (this.#x ??= new Extras()).flag = v;
  }
  get cost(): CostSpec | null {
    const x = this.#x;
    return x === null ? null : x.cost;
  }
  set cost(v: CostSpec | null) {
    if (v !== null || this.#x !== null) (this.#x ??= new Extras()).cost = v;
  }
  get price(): PriceSpec | null {
    const x = this.#x;
    return x === null ? null : x.price;
  }
  set price(v: PriceSpec | null) {
    if (v !== null || this.#x !== null) (this.#x ??= new Extras()).price = v;
  }
  get meta(): Meta {
    const x = this.#x;
    return x === null ? NO_META : x.meta;
  }
  set meta(v: Meta) {
    if (v !== NO_META || this.#x !== null) (this.#x ??= new Extras()).meta = v;
  }

  /** A new SourceRef each time (callers may keep or change it without touching the posting). */
  get src(): SourceRef {
    return { file: this.#file, line: this.#line, column: this.#column, start: this.#start, end: this.#end };
  }

  set src(r: SourceRef) {
    this.place(r.file, r.line, r.column, r.start, r.end);
  }

  place(file: string, line: number, column: number, start: number, end: number): void {
    this.#file = file;
    this.#line = line;
    this.#column = column;
    this.#start = start;
    this.#end = end;
  }

  /** Moves the position `bytes` bytes and `lines` lines down (a chunk parsed alone: chunks.ts). */
  shift(bytes: number, lines: number): void {
    this.#line += lines;
    this.#start += bytes;
    this.#end += bytes;
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
