/**
 * The booked entry and transaction rows of a snapshot, with ids made when first read.
 *
 * An id (ids.ts: a UUID-formatted hash of file and position) is a 36-character string per
 * directive: about 11 MB and 200k heap objects on the 102k-transaction bean-example ledger, made
 * by every load although only the pages and queries that show or look up an id read them (and
 * then mostly a page of them). Here the id is computed on first read and kept, so it is the same
 * string on every read; nothing at load time reads the ids of rows without errors.
 */
import type { DayNum } from '../../dates';
import type { Amount, DirectiveAst, DirectiveType, Meta, PostingAst, PriceAst, SourceRef, TransactionAst } from '../ast';
import type { Cost, Entry, Posting, PriceRow, Transaction } from '../snapshot';
import { idWord } from '../ids';

/**
 * The id of a directive (the load's positionId over its file, position and plugin salt); `word`,
 * when given, its first 32 bits without making it (ids.ts positionIdWord).
 */
export type IdMaker = ((d: DirectiveAst) => string) & { word?: (d: DirectiveAst) => number };

const NO_ACCOUNTS: string[] = Object.freeze([]) as unknown as string[];

const DAY_SECONDS = 86400;

/**
 * A row keeps its Unix timestamp as seconds from its date's midnight UTC (the time of day less the
 * zone's offset: always a small integer) and adds the date back when read. Stored whole, a
 * timestamp outside 1901-2038 is no small integer, so V8 boxed it in an object of its own per row
 * (111k objects on the xlarge bench ledger, whose history starts in 1750), each one copied by the
 * young-generation collector while the ledger loads.
 */
function secondsInDay(date: DayNum, timestamp: number): number {
  return timestamp - date * DAY_SECONDS;
}

const NO_ERRORS: string[] = Object.freeze([]) as unknown as string[];
const NO_ROWS: Posting[] = Object.freeze([]) as unknown as Posting[];

/**
 * A booked transaction's fields that differ from the common case in few transactions: tags or
 * links not as the directive wrote them (unsorted or repeated there), an unbalanced booking, error
 * kinds. Kept apart, the common row is three fields (24 bytes) smaller: 102k rows on the
 * bean-example xlarge ledger.
 */
interface RareFields {
  tags: string[];
  links: string[];
  balanced: boolean;
  errors: string[];
}

/**
 * A booked transaction is also its own entry (Entry: `txn` is itself, `directive` the transaction
 * as written): one object per transaction instead of two (102k objects and about 10 MB on the
 * bean-example xlarge ledger). `ref` and `accounts` are set when the walk makes it an entry.
 */
export class TransactionRow implements Transaction, Entry {
  /** Set when the walk places the entry (every booked transaction is an entry). */
  seq = -1;
  ref = -1;
  /** Where the walk logged its rows' numbers (booking/posting-numbers.ts NumberLog). */
  rowBase = -1;
  accounts: string[] = NO_ACCOUNTS;
  /**
   * Its rows: the two rows of a two-row transaction in two fields (r0, r1), else an array in r0
   * and r1 null. Most transactions have two rows (two thirds of the 1M bench ledger's), and an array
   * of their own was 64 bytes and two objects the collector copies twice while a ledger loads.
   */
  private r0: Posting | Posting[] = NO_ROWS;
  private r1: Posting | null = null;
  /** What few transactions have (see RareFields), else null. */
  private rare: RareFields | null;
  /**
   * The id once made (or given: padding transactions are salted per currency), else the maker of
   * it: one field for both, 8 bytes less in every row.
   */
  private made: string | IdMaker;

  constructor(
    idMaker: IdMaker,
    /** The transaction as written (or generated, for padding): the id, date, flag, payee, narration, meta and src are its. */
    private readonly ast: TransactionAst,
    id: string | null,
    readonly time: number,
    timestamp: number,
    tags: string[],
    links: string[],
    postings: Posting[],
    balanced: boolean,
    errors: string[],
  ) {
    this.made = id ?? idMaker;
    this.postings = postings;
    this.rare = tags === ast.tags && links === ast.links && balanced && errors.length === 0 ? null : { tags, links, balanced, errors };
    this.inDay = secondsInDay(ast.date, timestamp);
  }

  /** Booked rows in posting order (a new array on each read for a two-row transaction). */
  get postings(): Posting[] {
    const r1 = this.r1;
    return r1 === null ? (this.r0 as Posting[]) : [this.r0 as Posting, r1];
  }
  /** Keeps `rows` itself unless it holds two. */
  set postings(rows: Posting[]) {
    if (rows.length === 2) this.setRows(rows, 2);
    else {
      this.r0 = rows;
      this.r1 = null;
    }
  }

  /** Keeps the first `n` of `rows`, a buffer the caller reuses: copied when kept as an array. */
  setRows(rows: readonly Posting[], n: number): void {
    if (n === 2) {
      this.r0 = rows[0];
      this.r1 = rows[1];
    } else {
      this.r0 = rows.slice(0, n);
      this.r1 = null;
    }
  }

  /** How many rows, without making an array. */
  get rowCount(): number {
    return this.r1 === null ? (this.r0 as Posting[]).length : 2;
  }

  /** Sorted and unique: the directive's own lists unless it wrote them otherwise. */
  get tags(): string[] {
    return this.rare === null ? this.ast.tags : this.rare.tags;
  }
  get links(): string[] {
    return this.rare === null ? this.ast.links : this.rare.links;
  }
  get balanced(): boolean {
    return this.rare === null || this.rare.balanced;
  }
  get errors(): string[] {
    return this.rare === null ? NO_ERRORS : this.rare.errors;
  }
  set errors(kinds: string[]) {
    if (this.rare !== null) this.rare.errors = kinds;
    else if (kinds.length > 0) this.rare = { tags: this.ast.tags, links: this.ast.links, balanced: true, errors: kinds };
  }

  /** The timestamp less the date's midnight (secondsInDay). */
  private readonly inDay: number;

  get timestamp(): number {
    return this.ast.date * DAY_SECONDS + this.inDay;
  }

  // Read through from the directive rather than copied: six fields fewer per transaction.
  get date(): DayNum {
    return this.ast.date;
  }
  get flag(): string {
    return this.ast.flag;
  }
  get payee(): string | null {
    return this.ast.payee;
  }
  get narration(): string {
    return this.ast.narration;
  }
  get meta(): Meta {
    return this.ast.meta;
  }
  get src(): SourceRef {
    return this.ast.src;
  }

  get id(): string {
    const m = this.made;
    return typeof m === 'string' ? m : (this.made = m(this.ast));
  }

  /** The id's first 32 bits, without making the id when it is not made yet. */
  get idWord(): number {
    const m = this.made;
    return typeof m === 'string' ? idWord(m) : m.word !== undefined ? m.word(this.ast) : idWord(this.id);
  }

  get type(): 'transaction' {
    return 'transaction';
  }

  get directive(): DirectiveAst {
    return this.ast;
  }

  get txn(): Transaction {
    return this;
  }

  /** This transaction as the entry made `ref`-th by the walk (reference-order key index). */
  asEntry(ref: number, accounts: string[]): this {
    this.ref = ref;
    this.accounts = accounts;
    return this;
  }
}

export class EntryRow implements Entry {
  seq = -1;
  /** The id once made, else its maker (as in TransactionRow). */
  private made: string | IdMaker;

  constructor(
    idMaker: IdMaker,
    readonly type: DirectiveType,
    id: string | null,
    /** Creation number until the reference order is known, then the index in reference order. */
    public ref: number,
    readonly date: DayNum,
    readonly time: number,
    timestamp: number,
    readonly directive: DirectiveAst,
    readonly txn: Transaction | null,
    readonly accounts: string[],
  ) {
    this.made = id ?? idMaker;
    this.inDay = secondsInDay(date, timestamp);
  }

  /** The timestamp less the date's midnight (secondsInDay). */
  private readonly inDay: number;

  get timestamp(): number {
    return this.date * DAY_SECONDS + this.inDay;
  }

  /** A transaction's entry shares its transaction's id (also for padding, whose id is salted). */
  get id(): string {
    if (this.txn !== null) return this.txn.id;
    const m = this.made;
    return typeof m === 'string' ? m : (this.made = m(this.directive));
  }

  /** The id's first 32 bits, without making the id when it is not made yet. */
  get idWord(): number {
    if (this.txn !== null) return this.txn.idWord ?? idWord(this.txn.id);
    const m = this.made;
    return typeof m === 'string' ? idWord(m) : m.word !== undefined ? m.word(this.directive) : idWord(this.id);
  }
}

/**
 * The entry of a price directive is also its #prices row (snapshot.prices): the row's fields are
 * the entry's (date, stored time, timestamp, seq) and the directive's. A separate row object per
 * price was 86k objects and about 7 MB on the bean-example xlarge ledger. What every price entry
 * has alike (its type, no transaction, no accounts) and its date are read through rather than
 * kept: six fields instead of ten, 72 bytes instead of 104 per price (prices are a third of
 * that ledger's entries, and of many real ledgers' that fetch daily quotes).
 */
export class PriceEntryRow implements Entry, PriceRow {
  seq = -1;
  /** The id once made, else its maker (as in TransactionRow). */
  private made: string | IdMaker;

  constructor(
    idMaker: IdMaker,
    id: string | null,
    /** Creation number until the reference order is known, then the index in reference order. */
    public ref: number,
    readonly time: number,
    timestamp: number,
    readonly directive: PriceAst,
  ) {
    this.made = id ?? idMaker;
    this.inDay = secondsInDay(directive.date, timestamp);
  }

  /** The timestamp less the date's midnight (secondsInDay). */
  private readonly inDay: number;

  get type(): 'price' {
    return 'price';
  }
  get date(): DayNum {
    return this.directive.date;
  }
  get txn(): null {
    return null;
  }
  get accounts(): string[] {
    return NO_ACCOUNTS;
  }
  get timestamp(): number {
    return this.directive.date * DAY_SECONDS + this.inDay;
  }

  get id(): string {
    const m = this.made;
    return typeof m === 'string' ? m : (this.made = m(this.directive));
  }

  /** The id's first 32 bits, without making the id when it is not made yet. */
  get idWord(): number {
    const m = this.made;
    return typeof m === 'string' ? idWord(m) : m.word !== undefined ? m.word(this.directive) : idWord(this.id);
  }

  get currency(): string {
    return this.directive.currency;
  }
  get amount(): Amount {
    return this.directive.amount;
  }
  get meta(): Meta {
    return this.directive.meta;
  }
  get src(): SourceRef {
    return this.directive.src;
  }
}

/**
 * A posting row read through to the posting as written: flag, account and metadata are the
 * posting's, index and automatic one small integer (index * 2, plus 1 when automatic) rather than
 * two fields.
 */
abstract class WrittenRow {
  constructor(
    readonly txn: Transaction,
    protected readonly ast: PostingAst,
    private readonly bits: number,
  ) {}

  get index(): number {
    return this.bits >> 1;
  }
  get automatic(): boolean {
    return (this.bits & 1) === 1;
  }
  get flag(): string | null {
    return this.ast.flag;
  }
  get account(): string {
    return this.ast.account;
  }
  get meta(): Meta {
    return this.ast.meta;
  }
}

/**
 * The posting row of a transaction booked without cost or price (most rows: 80-100% of the bench
 * ledgers'): a WrittenRow whose weight is its units. Four fields instead of ten, 56 bytes instead of
 * 104 per row, which the young-generation collector copies twice while a ledger loads (1M rows:
 * 48 MB less allocated and copied).
 */
export class SimpleRow extends WrittenRow implements Posting {
  constructor(
    txn: Transaction,
    ast: PostingAst,
    readonly units: Amount,
    /** index * 2, plus 1 when automatic. */
    bits: number,
  ) {
    super(txn, ast, bits);
  }

  get cost(): null {
    return null;
  }
  get price(): null {
    return null;
  }
  get weight(): Amount {
    return this.units;
  }
}

/**
 * The posting row of a transaction booked with cost or price (or split into lots), a WrittenRow:
 * seven fields instead of ten as an object literal, 80 bytes instead of 104 per row (227k rows on
 * the generated 1M-posting bench ledger, whose foreign-currency postings carry a price).
 */
export class BookedRow extends WrittenRow implements Posting {
  constructor(
    txn: Transaction,
    ast: PostingAst,
    readonly units: Amount,
    readonly cost: Cost | null,
    readonly price: Amount | null,
    readonly weight: Amount,
    /** index * 2, plus 1 when automatic. */
    bits: number,
  ) {
    super(txn, ast, bits);
  }
}

/**
 * The entries the load lists apart after the walk, each list in processing order (seq), gathered
 * while the walk numbers its entries (walk.ts placeFrom) rather than by passes of their own over
 * every entry afterwards (each was 10-60 ms of a first load on the 200k-entry bench ledger, and
 * 5-30 ms of every reload after a save).
 */
export interface EntryKinds {
  /** Price directives' entries (each its own #prices row). */
  prices: PriceEntryRow[];
  /**
   * Entries of every kind but transaction, balance, open, close, pad and price (and no
   * transaction's): the few notes, events, commodities, customs, queries, documents and budget
   * directives the snapshot's other lists come from.
   */
  rare: Entry[];
  /** Entries of transactions with `document` metadata on themselves or a written posting (#documents). */
  documentTxns: Entry[];
}
