/**
 * The parser's posting: a PostingAst whose `src` is made when read, from positions stored as plain
 * numbers in the posting itself (issue 15 §2).
 *
 * A SourceRef object per posting was about 320k objects on the xlarge bench ledger (20 MB), and
 * the young-generation collector copied each of them twice; nothing at load reads a posting's
 * position except the rare error on it, and queries read the transaction's. The numbers live in
 * private fields, so object spread, JSON and deep equality see exactly the PostingAst fields and
 * no position: code that copies a posting must name `src` (`copyPosting`), as a spread of a
 * class instance does not copy its getter.
 */
import type { CostSpec, Meta, PostingAst, PriceSpec, SourceRef } from '../ast';
import type { Dec } from '../../decimal';

export class ParsedPosting implements PostingAst {
  number: Dec | null = null;
  currency: string | null = null;
  cost: CostSpec | null = null;
  price: PriceSpec | null = null;
  meta: Meta;
  #file = '';
  #line = 0;
  #column = 0;
  #start = 0;
  #end = 0;

  constructor(
    public flag: string | null,
    public account: string,
    meta: Meta,
  ) {
    this.meta = meta;
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
