/**
 * The booked ledger: one immutable snapshot that every query reads. Built by `loadLedger`
 * (engine/ledger/index.ts); a reload builds a new one. Nothing here is mutated after build.
 *
 * Orders used below (spec, "Processing order (seq)"):
 * - processing order: `seq`, by date and time, open/commodity first, balance records, the rest, file order;
 * - reference order: what directive tables keep without ORDER BY.
 */
import type { Dec } from '../decimal';
import type { DayNum } from '../dates';
import type {
  Amount,
  CommodityAst,
  CustomAst,
  DirectiveAst,
  DirectiveType,
  EventAst,
  Meta,
  NoteAst,
  OpenAst,
  CloseAst,
  QueryAst,
  SourceRef,
  FileFormat,
} from './ast';
import type { LedgerError } from './errors';

export type { Amount, Meta, SourceRef };

export interface Cost {
  /** Per-unit cost. */
  number: Dec;
  currency: string;
  /** Lot date: never null for a booked lot (defaults to the transaction date). */
  date: DayNum;
  label: string | null;
}

export interface Position {
  units: Amount;
  cost: Cost | null;
}

/** One posting row of the postings table: a posting booked against several lots gives one row per lot. */
export interface Posting {
  txn: Transaction;
  /** posting_index: position of the written posting in its transaction; lot rows of one posting share it. */
  index: number;
  flag: string | null;
  account: string;
  units: Amount;
  cost: Cost | null;
  /** Per-unit price (`@@` total divided by units), or null. */
  price: Amount | null;
  /** units x cost, else units x price, else units. */
  weight: Amount;
  meta: Meta;
  /** Written without amount and inferred (also the source posting of a padding transaction). */
  automatic: boolean;
}

export interface Transaction {
  /** Generated id, shared by the postings; deterministic for a given file and position. */
  id: string;
  /** The id's first 32 bits (ledger/ids.ts idWord) when known without making it. */
  readonly idWord?: number;
  /** Processing order; null only for synthetic period-clause transactions. */
  seq: number | null;
  date: DayNum;
  /** Stored time of day in the ledger timezone, seconds since midnight (DST gaps moved forward). */
  time: number;
  /** Unix seconds of date and time in the ledger timezone. */
  timestamp: number;
  /** `*`, `!`, `P` (padding), or another letter; S, C, T for period clauses. */
  flag: string;
  payee: string | null;
  narration: string;
  /** Sorted, unique, without `#`. */
  tags: string[];
  /** Sorted, unique, without `^`. */
  links: string[];
  meta: Meta;
  /** Booked rows in posting order. */
  postings: Posting[];
  balanced: boolean;
  /** Error kinds recorded for the transaction. */
  errors: string[];
  /** null for generated transactions (padding has the src of its pad/balance directive). */
  src: SourceRef | null;
}

/** A balance assertion as checked (rows of #balances). */
export interface BalanceCheck {
  id: string;
  seq: number;
  date: DayNum;
  time: number;
  timestamp: number;
  account: string;
  /** Asserted amount. */
  amount: Amount;
  tolerance: Dec | null;
  /** Sum of units of the account and its sub-accounts in the asserted currency where it is checked. */
  actual: Amount;
  passed: boolean;
  /** actual - asserted when failing, else null. */
  discrepancy: Amount | null;
  /** Account padded from (`balance ... with pad`), else null. */
  pad: string | null;
  meta: Meta;
  src: SourceRef;
}

export interface PriceRow {
  date: DayNum;
  time: number;
  timestamp: number;
  currency: string;
  amount: Amount;
  meta: Meta;
  seq: number;
  src: SourceRef | null;
}

export interface DocumentRow {
  date: DayNum;
  /** null for a document named by the transaction itself. */
  account: string | null;
  /** As written, resolved against the declaring file's directory when relative (spec #documents filename). */
  filename: string;
  /** Path relative to the ledger directory, used to list and download. */
  path: string;
  tags: string[];
  links: string[];
  source: 'directive' | 'transaction' | 'posting';
  transactionId: string | null;
  seq: number;
  time: number;
  timestamp: number;
  meta: Meta;
}

/**
 * Every directive with its place in both orders (rows of #entries). Built by booking/rows.ts: a
 * booked transaction is its own entry (`txn` is the entry itself), a price directive's entry is
 * also its PriceRow, and ids are made when first read.
 */
export interface Entry {
  type: DirectiveType;
  id: string;
  /** The id's first 32 bits (ledger/ids.ts idWord) when known without making it. */
  readonly idWord?: number;
  seq: number;
  /** Index in reference order. */
  ref: number;
  date: DayNum;
  time: number;
  timestamp: number;
  /** The directive as written; for transactions `txn` is the booked one. */
  directive: DirectiveAst;
  txn: Transaction | null;
  /** Accounts the directive touches (#entries accounts). */
  accounts: string[];
}

export interface AccountInfo {
  name: string;
  /** Open directives, by date (an account can be closed and reopened). */
  opens: OpenAst[];
  closes: CloseAst[];
  /** Booking method in effect (STRICT, FIFO, LIFO, ...). */
  booking: string;
}

export interface LedgerOptions {
  title: string | null;
  operatingCurrencies: string[];
  /** IANA zone name. */
  timezone: string;
  bookingMethod: string;
  /** Per-currency inferred tolerance defaults (`*` key for all). */
  inferredToleranceDefault: Map<string, Dec>;
  inferredToleranceMultiplier: Dec;
  accountPreviousBalances: string;
  accountPreviousEarnings: string;
  accountPreviousConversions: string;
  accountCurrentEarnings: string;
  accountCurrentConversions: string;
  conversionCurrency: string;
  /** Every option as written (last value wins; repeated ones such as operating_currency are all kept). */
  raw: [string, string][];
}

/** Read-only look-ups over price directives (both directions, dated). */
export interface PriceMap {
  /** Price of one unit of `base` in `quote`, latest on or before `date` (no date: latest of all). Null if none. */
  rate(base: string, quote: string, date?: DayNum | null): Dec | null;
  /** The date of the price `rate` would use (for "latest price" pages), or null. */
  rateDate(base: string, quote: string, date?: DayNum | null): DayNum | null;
  /** Currencies quoted against `quote` in either direction. */
  quotedAgainst(quote: string): string[];
}

export interface Snapshot {
  /** Absolute path of the main ledger file and its directory. */
  file: string;
  root: string;
  format: FileFormat;
  /** Every file read (main file first), for the watcher. */
  files: string[];
  /** Included files that do not exist yet: watched too, so creating one reloads. */
  missingFiles: string[];
  options: LedgerOptions;
  /** All directives in processing order (index = seq). */
  entries: Entry[];
  /** Indices into `entries` in reference order. */
  referenceOrder: number[];
  /** Transactions (padding included, rejected ones excluded) in processing order. */
  transactions: Transaction[];
  /** All posting rows in ledger order. */
  postings: Posting[];
  balances: BalanceCheck[];
  prices: PriceRow[];
  priceMap: PriceMap;
  documents: DocumentRow[];
  notes: NoteAst[];
  events: EventAst[];
  commodities: CommodityAst[];
  customs: CustomAst[];
  queries: QueryAst[];
  accounts: Map<string, AccountInfo>;
  /** Budgets (engine/ledger/budgets.ts). */
  budgets: import('./budgets').BudgetBook;
  /** Ordered by file, then position. */
  errors: LedgerError[];
  /** Unix ms of the load. */
  loadedAt: number;
}
