/**
 * What the syntax layer produces: directives exactly as written (plus source positions),
 * before booking. Both file formats (Beancount and .zhang) parse into these shapes.
 */
import type { Dec } from '../decimal';
import type { DayNum } from '../dates';

/** Where a directive (or posting) stands in its file. */
export interface SourceRef {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line of the first character. */
  line: number;
  /** 1-based column, counted in Unicode characters. */
  column: number;
  /** Byte offset (UTF-8) of the first character. */
  start: number;
  /** Byte offset (UTF-8) just past the last character (the trailing newline excluded). */
  end: number;
}

export interface Amount {
  number: Dec;
  currency: string;
}

/** A metadata value keeps its written kind; queries read every value as text (`text`). */
export type MetaKind = 'string' | 'number' | 'amount' | 'date' | 'account' | 'currency' | 'tag' | 'link' | 'bool' | 'null';
export interface MetaEntry {
  key: string;
  kind: MetaKind;
  /** Text form: the unescaped string, the number as written, `10.00 USD`, `2024-01-01`, `TRUE`/`FALSE`, '' for null. */
  text: string;
}
/** In written order; a key may repeat. */
export type Meta = MetaEntry[];

/** A cost as written between braces: any field may be missing. */
export interface CostSpec {
  /** Per-unit number (`{10 USD}`, or the first part of `{10 # 5 USD}`). */
  perUnit: Dec | null;
  /** Total number (`{{100 USD}}`, or the part after `#`). */
  total: Dec | null;
  currency: string | null;
  date: DayNum | null;
  label: string | null;
  /** `{*}` average-merge marker (recorded; the averaging methods are not implemented). */
  merge: boolean;
  /** True when written with double braces. */
  isTotal: boolean;
}

export interface PriceSpec {
  number: Dec | null;
  currency: string | null;
  /** `@@` (total price) rather than `@`. */
  isTotal: boolean;
}

export interface PostingAst {
  flag: string | null;
  account: string;
  /** Missing number (to be interpolated) and/or missing currency. */
  number: Dec | null;
  currency: string | null;
  cost: CostSpec | null;
  price: PriceSpec | null;
  meta: Meta;
  src: SourceRef;
}

interface Dated {
  date: DayNum;
  /** Time of day written for the directive (seconds since midnight); null when none is written (reads as 00:00:00). */
  time: number | null;
  meta: Meta;
  src: SourceRef;
}

export interface OpenAst extends Dated { type: 'open'; account: string; currencies: string[]; booking: string | null }
export interface CloseAst extends Dated { type: 'close'; account: string }
export interface CommodityAst extends Dated { type: 'commodity'; currency: string }
export interface BalanceAst extends Dated {
  type: 'balance';
  account: string;
  amount: Amount;
  tolerance: Dec | null;
  /** `balance ... with pad Account` (zhang format). */
  padAccount: string | null;
}
export interface PadAst extends Dated { type: 'pad'; account: string; source: string }
export interface PriceAst extends Dated { type: 'price'; currency: string; amount: Amount }
export interface NoteAst extends Dated { type: 'note'; account: string; comment: string; tags: string[]; links: string[] }
export interface DocumentAst extends Dated { type: 'document'; account: string; filename: string; tags: string[]; links: string[] }
export interface EventAst extends Dated { type: 'event'; name: string; description: string }
export interface CustomAst extends Dated { type: 'custom'; name: string; values: MetaEntry[] }
export interface QueryAst extends Dated { type: 'query'; name: string; query: string }
export interface TransactionAst extends Dated {
  type: 'transaction';
  /** `*`, `!`, `P`, or another letter; `txn` reads as `*`. */
  flag: string;
  payee: string | null;
  narration: string;
  tags: string[];
  links: string[];
  postings: PostingAst[];
}
export interface BudgetAst extends Dated { type: 'budget'; name: string; currency: string }
export interface BudgetAddAst extends Dated { type: 'budget-add'; name: string; amount: Amount }
export interface BudgetTransferAst extends Dated { type: 'budget-transfer'; from: string; to: string; amount: Amount }
export interface BudgetCloseAst extends Dated { type: 'budget-close'; name: string }

export type DirectiveAst =
  | OpenAst
  | CloseAst
  | CommodityAst
  | BalanceAst
  | PadAst
  | PriceAst
  | NoteAst
  | DocumentAst
  | EventAst
  | CustomAst
  | QueryAst
  | TransactionAst
  | BudgetAst
  | BudgetAddAst
  | BudgetTransferAst
  | BudgetCloseAst;

export type DirectiveType = DirectiveAst['type'];

export interface OptionAst { name: string; value: string; src: SourceRef }
export interface IncludeAst { pattern: string; src: SourceRef }
export interface PluginAst { name: string; config: string | null; src: SourceRef }

export type FileFormat = 'beancount' | 'zhang';

/** One parsed file. Directives are in file order. */
export interface ParsedFile {
  file: string;
  format: FileFormat;
  directives: DirectiveAst[];
  options: OptionAst[];
  includes: IncludeAst[];
  plugins: PluginAst[];
  errors: import('./errors').LedgerError[];
}
