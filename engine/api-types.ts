/**
 * The JSON shapes of the HTTP API (spec 1, "Resources and their fields" and "Endpoints"),
 * shared by the server (main/server), the preload bridge and the renderer. Types only: nothing
 * here runs, so the renderer can import it without pulling engine code into its bundle.
 *
 * Naming: fields the spec names keep its spelling (snake_case, e.g. `count_total`, `trx_id`,
 * `span_start`); bodies the spec leaves open ("not shown") follow the same style and are marked
 * DESIGN below, with the reason for each choice.
 *
 * Numbers: every decimal travels as a string with its decimal places kept (never a JSON number),
 * dates as `YYYY-MM-DD`, times of day as `HH:MM:SS` in the ledger timezone, instants as
 * Unix seconds (`timestamp`) like the query columns of the same name.
 */

// ---------------------------------------------------------------------------------------------
// Envelopes

/** Every successful JSON body except the CSV export: the payload sits under `data`. */
export interface DataBody<T> {
  data: T;
}

/**
 * Body of every failing request other than a query error: 400 (bad input), 401 (credentials),
 * 403 (refused path), 404, 405, 413 (body too large), 415 (not JSON), 429 (too many failed
 * sign-ins), 500, 503 (ledger not loaded).
 */
export interface ApiErrorBody {
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Cells (spec 1, "Cell encoding")

/** The twelve value types of the query language (spec 2 "Types"); engine/query/types.ts uses this as its TypeName. */
export type ColumnType =
  | 'null'
  | 'bool'
  | 'int'
  | 'decimal'
  | 'str'
  | 'date'
  | 'set'
  | 'amount'
  | 'position'
  | 'inventory'
  | 'interval'
  | 'metas';

/** Decimal with its currency; `number` keeps its decimal places and never uses exponent notation. */
export interface AmountJson {
  number: string;
  currency: string;
}

/** Per-unit cost of a lot. */
export interface CostJson {
  number: string;
  currency: string;
  date: string | null;
  label: string | null;
}

export interface PositionJson {
  units: AmountJson;
  /** null when not held at cost. */
  cost: CostJson | null;
}

/** Positions ordered by units currency, then cost, a position without cost first. */
export interface InventoryJson {
  positions: PositionJson[];
}

export interface MetaPairJson {
  key: string;
  value: string;
}

/**
 * One cell: null (any NULL), boolean (bool), number (int), string (decimal, str, date, interval),
 * string[] (set, sorted), AmountJson, PositionJson, InventoryJson, MetaPairJson[] (metas).
 * The column's `type` says which; the shapes alone are ambiguous (a str and a decimal are both strings).
 */
export type Cell = null | boolean | number | string | string[] | AmountJson | PositionJson | InventoryJson | MetaPairJson[];

// ---------------------------------------------------------------------------------------------
// Queries (POST /api/query, POST /api/query/csv)

export interface QueryRequest extends FilterFields {
  query: string;
  count_total?: boolean;
}

/**
 * The page filter (issue 16 §1): Fava's time, account and entry filters. Query-string
 * parameters of the page GET endpoints, optional fields of the query bodies. Absent or blank: none.
 */
export interface FilterFields {
  time?: string;
  account?: string;
  filter?: string;
}

/** GET /api/filter/time: the range of a time filter, `YYYY-MM-DD`, end exclusive; null = open. */
export type FilterTimeBody = DataBody<{ begin: string | null; end: string | null }>;

export interface QueryColumn {
  name: string;
  type: ColumnType;
}

export interface QueryResult {
  columns: QueryColumn[];
  /** One list per row, one cell per column in column order. */
  rows: Cell[][];
  /** Only when the request had count_total: rows before LIMIT and OFFSET. */
  total?: number;
}

export type QueryResultBody = DataBody<QueryResult>;

/** HTTP 400 of the query endpoints (not wrapped in `data`). Positions are 1-based, in Unicode characters. */
export interface QueryErrorBody {
  message: string;
  line: number | null;
  column: number | null;
}

// ---------------------------------------------------------------------------------------------
// Built-in queries (GET /api/query/builtins, POST /api/query/builtins/{name}/text)

export type BuiltinParamType = 'date' | 'str' | 'set' | 'int' | 'decimal' | 'bool';

export interface BuiltinParam {
  name: string;
  type: BuiltinParamType;
}

export interface BuiltinDescriptor {
  /** Dotted name such as `postings.between`. */
  name: string;
  description: string;
  /** Query text with `:name` parameters. */
  bql: string;
  params: BuiltinParam[];
}

export type BuiltinListBody = DataBody<BuiltinDescriptor[]>;

/**
 * JSON value of one parameter: date `YYYY-MM-DD`, str string, set string[], int integer,
 * decimal number or decimal string (a string keeps its decimal places), bool boolean; null for "no value".
 */
export type BuiltinParamValue = string | number | boolean | string[] | null;

export interface BuiltinTextRequest {
  /** Every parameter of the query and no other. */
  params: Record<string, BuiltinParamValue>;
}

export type BuiltinTextBody = DataBody<{ query: string }>;

// ---------------------------------------------------------------------------------------------
// Saved queries (GET /api/query/saved)

/**
 * One `query` directive, in ledger order.
 * DESIGN: the spec does not name the text field; `query` matches the request field of
 * POST /api/query, where the text is sent to run it. The list wrapper is `{data: [...]}` like
 * every other list.
 */
export interface SavedQueryRecord {
  name: string;
  /** Directive date, YYYY-MM-DD. */
  date: string;
  query: string;
  /** Compiles with the current engine. */
  valid: boolean;
  /** Why not, when invalid; null when valid. */
  error: QueryErrorBody | null;
}

export type SavedQueryListBody = DataBody<SavedQueryRecord[]>;

// ---------------------------------------------------------------------------------------------
// Schema (GET /api/query/schema)

export interface SchemaColumn {
  name: string;
  type: ColumnType;
  description: string;
}

export interface SchemaTable {
  /** Without `#`; `postings` first. */
  name: string;
  description: string;
  columns: SchemaColumn[];
}

export interface SchemaFunction {
  name: string;
  /** Same form as the function tables of spec 2. */
  signature: string;
  description: string;
  aggregate: boolean;
}

export interface Schema {
  columns: SchemaColumn[];
  tables: SchemaTable[];
  functions: SchemaFunction[];
}

export type SchemaBody = DataBody<Schema>;

// ---------------------------------------------------------------------------------------------
// Valued totals, shared by the statistic endpoints

export type AccountType = 'Assets' | 'Liabilities' | 'Equity' | 'Income' | 'Expenses';

/**
 * A sum of holdings valued in the operating currency (spec 1, statistic rules 1-2).
 * DESIGN: the figure a page prints (`number` in `currency`) plus what it was made of, so a page
 * can show "1,234.00 USD (+ 3 VACHR not priced)" without another request.
 */
export interface ValuedTotal {
  /** Sum of every part a price converts, in `currency`, as a decimal string; "0" when nothing converts. */
  number: string;
  /** The operating currency. */
  currency: string;
  /** Units per currency before valuation (lots merged, cost ignored), ordered by currency. */
  units: AmountJson[];
  /** Parts no price converts: kept in their own currency and left out of `number`. */
  unconverted: AmountJson[];
}

/**
 * Query-string parameters of every statistic endpoint: `from` and `to`, both required and
 * included, `YYYY-MM-DD` or an ISO 8601 instant standing for its day in the ledger timezone (an
 * instant without an offset is read as ledger-local time). from after to is a 400.
 */
export interface StatisticRange {
  from: string;
  to: string;
}

// ---------------------------------------------------------------------------------------------
// GET /api/statistic/summary?from&to   (DESIGN: body not shown by the spec)

export interface StatisticSummary {
  /** The range as days (instants already turned into ledger days). */
  from: string;
  to: string;
  currency: string;
  /** Assets and Liabilities up to `to`, valued at the prices of `to` (report.net_worth). */
  net_worth: ValuedTotal;
  /** Liabilities up to `to`, negative as in the ledger. */
  liabilities: ValuedTotal;
  /** Income of the range, negative as in the ledger (income is a credit). */
  income: ValuedTotal;
  expenses: ValuedTotal;
  /** Transactions dated in the range, padding transactions excluded. */
  transaction_count: number;
}

export type StatisticSummaryBody = DataBody<StatisticSummary>;

// ---------------------------------------------------------------------------------------------
// GET /api/statistic/graph?from&to&interval   (DESIGN: body and the bin-size parameter not shown)

/**
 * DESIGN: the bin-size query parameter is `interval`, named after report.net_worth_trend's
 * parameter; case-insensitive; absent means `month` (the cheapest bins).
 */
export type GraphInterval = 'day' | 'week' | 'month';

export interface GraphPoint extends ValuedTotal {
  /** First day of the bucket (a week starts on Monday); the first and last may lie outside the range. */
  date: string;
  /** Net change of the bucket per account type present (postings of the range only), ordered by type. */
  changes: Array<{ type: AccountType } & ValuedTotal>;
}

export interface StatisticGraph {
  from: string;
  to: string;
  interval: GraphInterval;
  currency: string;
  /** One per bucket, ascending, every bucket of the range (at most 50,000). */
  points: GraphPoint[];
}

export type StatisticGraphBody = DataBody<StatisticGraph>;

// ---------------------------------------------------------------------------------------------
// GET /api/statistic/{account_type}?from&to   (DESIGN: body not shown)

export interface AccountTypeBreakdownRow extends ValuedTotal {
  account: string;
}

/** One of the ten largest postings of the type. */
export interface TopPosting {
  date: string;
  time: string;
  timestamp: number;
  account: string;
  /** Transaction id (the postings' `id` column). */
  trx_id: string;
  payee: string | null;
  narration: string;
  units: AmountJson;
  /** Balance of the posting's account right after it, in the posting's currency. */
  account_balance: AmountJson;
  /** Units converted to the operating currency at the prices of `to`; null when no price converts them. */
  value: AmountJson | null;
}

export interface StatisticAccountType {
  type: AccountType;
  from: string;
  to: string;
  currency: string;
  /** Sum of the breakdown rows. */
  total: ValuedTotal;
  /** Per account, ordered by value ascending, then account. */
  breakdown: AccountTypeBreakdownRow[];
  /** At most 10. */
  top: TopPosting[];
}

export type StatisticAccountTypeBody = DataBody<StatisticAccountType>;

// ---------------------------------------------------------------------------------------------
// Pages (GET /api/journals, GET /api/accounts/{account}/journals, GET /api/errors)

/**
 * DESIGN: one paging envelope for every paged list. `page` counts from 1; `total_count` is the
 * row count before LIMIT and OFFSET and `total_pages` = ceil(total_count / size) (0 when empty);
 * a page past the last has empty `records`.
 */
export interface Page<T> {
  page: number;
  size: number;
  total_count: number;
  total_pages: number;
  records: T[];
}

/** Query-string parameters of the paged endpoints; size 1 to 1000, default 100. */
export interface PageQuery {
  page?: number;
  size?: number;
}

// ---------------------------------------------------------------------------------------------
// GET /api/journals?page&size&keyword&tags&links   (DESIGN: body not shown)
//
// DESIGN: filters are query parameters `keyword` (plain text), `tags` and `links` (repeatable
// and/or comma-separated: `tags=a,b` = `tags=a&tags=b`; a leading # or ^ is ignored); absent or
// empty means NULL, so the filter is left out.

/** A posting as shown under a journal item (from the transaction-postings query). */
export interface JournalPosting {
  /** Position of the written posting in its transaction; lot rows of one posting share it. */
  posting_index: number;
  account: string;
  flag: string | null;
  units: AmountJson;
  cost: CostJson | null;
  /** Per-unit price, or null. */
  price: AmountJson | null;
  /** Written without amount and inferred. */
  automatic: boolean;
  metas: MetaPairJson[];
}

interface JournalItemBase {
  /** Transaction id, or for a balance check the id of its check. */
  id: string;
  /** Processing order. */
  seq: number;
  date: string;
  /** Stored time (a time skipped by daylight saving shows moved forward by the gap). */
  time: string;
  metas: MetaPairJson[];
  /** Source file relative to the ledger directory (full path if outside it); additive, issue 17 §2. */
  file: string;
  /** 1-based line of the directive in `file` (a padding transaction: its pad directive). */
  line: number;
}

export interface JournalTransaction extends JournalItemBase {
  type: 'Transaction';
  flag: string;
  payee: string | null;
  narration: string;
  tags: string[];
  links: string[];
  /** False for an UnbalancedTransaction. */
  balanced: boolean;
  postings: JournalPosting[];
}

/** A padding transaction (flag P): the pad's generated entry. */
export interface JournalBalancePad extends JournalItemBase {
  type: 'BalancePad';
  /** `Balance Pad`. */
  payee: string | null;
  /** Like `pad Assets:Cash to Equity:Opening-Balances`. */
  narration: string;
  postings: JournalPosting[];
}

/** A balance assertion, completed from journals.balance_checks. */
export interface JournalBalanceCheck extends JournalItemBase {
  type: 'BalanceCheck';
  account: string;
  /** Asserted amount. */
  amount: AmountJson;
  /** Explicit `~` tolerance, or null. */
  tolerance: string | null;
  /** Balance of the account and its sub-accounts in the asserted currency where it is checked. */
  actual: AmountJson;
  passed: boolean;
  /** amount - actual. */
  difference: AmountJson;
  /** actual + difference, written with the decimal places of the balance. */
  asserted: AmountJson;
}

/**
 * Another directive (note, document, price, open, close, custom, event, commodity, query, pad),
 * listed only when GET /api/journals is given `types` naming its kind (issue 17 §2; additive).
 */
export interface JournalDirective extends JournalItemBase {
  type: 'Directive';
  /** Lowercase #entries type, e.g. `note`. */
  kind: string;
  accounts: string[];
  /** One-line content (#entries detail): note text, document file, `EUR 1.10 USD` for a price... */
  detail: string | null;
  tags: string[];
  links: string[];
}

export type JournalItem = JournalTransaction | JournalBalancePad | JournalBalanceCheck | JournalDirective;

/**
 * Tokens of GET /api/journals `types` (comma-separated; absent = the spec's default journal of
 * transactions, padding and balance checks). `transaction` = every flag but P; `cleared` = `*`;
 * `pending` = `!`; `other-flags` = any other flag but P; `pad` = padding transactions;
 * `pad-directive` = the pad directives themselves.
 */
export const JOURNAL_TYPES = [
  'transaction', 'cleared', 'pending', 'other-flags', 'pad', 'balance', 'note', 'document', 'price', 'open', 'close',
  'custom', 'event', 'commodity', 'query', 'pad-directive',
] as const;

export type JournalPageBody = DataBody<Page<JournalItem>>;

// ---------------------------------------------------------------------------------------------
// GET /api/accounts/{account}/journals?page&size   (DESIGN: body not shown)

/** A posting row of accounts.journal (lot rows of one posting added into one row). */
export interface AccountJournalPosting {
  type: 'posting';
  date: string;
  time: string;
  timestamp: number;
  flag: string;
  /** Id of the posting's transaction. */
  trx_id: string;
  /** Account of the posting (the account or one of its sub-accounts). */
  account: string;
  payee: string | null;
  narration: string;
  seq: number;
  posting_index: number;
  units: AmountJson;
  /** Units of the running balance of the account and its sub-accounts after this row, per currency. */
  balance: AmountJson[];
}

/** A balance assertion of accounts.balance_assertions, standing right after the postings it includes. */
export interface AccountJournalAssertion {
  type: 'balance';
  date: string;
  time: string;
  timestamp: number;
  /** Id of the check (as GET /api/journals lists it). */
  trx_id: string;
  account: string;
  amount: AmountJson;
  actual: AmountJson;
  passed: boolean;
  pad: string | null;
  seq: number;
  /** The running balance where the assertion stands, per currency. */
  balance: AmountJson[];
}

export type AccountJournalRow = AccountJournalPosting | AccountJournalAssertion;

/** Newest first; `size` defaults to 100 rows, each posting row and each assertion one row. */
export type AccountJournalPageBody = DataBody<Page<AccountJournalRow>>;

// ---------------------------------------------------------------------------------------------
// GET /api/for-new-transaction   (DESIGN: body not shown; takes no parameters)

export interface ForNewTransaction {
  /** Every payee once, sorted; no padding payees, no empty ones. */
  payees: string[];
  /** Open accounts (open directive, no close), sorted. */
  accounts: string[];
}

export type ForNewTransactionBody = DataBody<ForNewTransaction>;

// ---------------------------------------------------------------------------------------------
// GET /api/documents   (DESIGN: body not shown; takes no parameters)

export interface DocumentItem {
  date: string;
  time: string;
  /** Relative to the ledger directory; download with GET /api/documents/file?path=<path>. */
  path: string;
  /** Account of the directive or naming posting; null for a document of a transaction itself. */
  account: string | null;
  /** Naming transaction, null for a document directive. */
  transaction_id: string | null;
}

/** Newest first. */
export type DocumentListBody = DataBody<DocumentItem[]>;

/** Path of the download endpoint (the response is the file itself, or an ApiErrorBody). */
export const DOCUMENT_FILE_PATH = '/api/documents/file';

// ---------------------------------------------------------------------------------------------
// GET /api/errors?page&size   (DESIGN: body not shown)

export interface LedgerErrorItem {
  /** Derived from the directive's position; errors of one directive share it. */
  id: string;
  /** Error kind, e.g. UnbalancedTransaction (the #errors `kind` column). */
  error_type: string;
  message: string;
  /** Relative to the ledger directory (full path if outside); null if unknown. */
  file: string | null;
  /** Lines of the directive, 1-based and inclusive (from `line` and the lines of `source`); null if unknown. */
  line_start: number | null;
  line_end: number | null;
  column: number | null;
  /** Byte offsets a writer replaces the directive by; null if unknown. */
  span_start: number | null;
  span_end: number | null;
  /**
   * Text of the directive: at most its first 4096 bytes of UTF-8 (DESIGN: a 50 MB line must not
   * make every errors page 50 MB). The whole directive is span_start..span_end in the file.
   */
  source: string | null;
  /** True when `source` is only the beginning of the directive (span_end - span_start bytes in all). */
  source_truncated: boolean;
  /** Recorded details (e.g. txn_id, account_name), sorted by key. */
  metas: MetaPairJson[];
}

export type LedgerErrorPageBody = DataBody<Page<LedgerErrorItem>>;

// ---------------------------------------------------------------------------------------------
// GET /api/commodities/display   (DESIGN: not in the spec; how the UI writes numbers)

/** Rounding of a number shown with fewer places than it has (never changes a value, only its text). */
export type DisplayRounding = 'half_even' | 'half_up' | 'half_down';

export interface CommodityDisplay {
  currency: string;
  /** Decimal places amounts of this currency are shown with. */
  precision: number;
  /**
   * 'directive': the `precision` metadata of its commodity directive; 'inferred': the number of
   * places written most often in the ledger's postings and balances for it (as Fava does).
   */
  source: 'directive' | 'inferred';
  /** From the `rounding` metadata (RoundUp = half_up, RoundDown = half_down); default half_even. */
  rounding: DisplayRounding;
  /** `prefix` / `suffix` metadata of the commodity directive, or null. */
  prefix: string | null;
  suffix: string | null;
}

export type CommodityDisplayBody = DataBody<CommodityDisplay[]>;

export const COMMODITY_DISPLAY_PATH = '/api/commodities/display';

// ---------------------------------------------------------------------------------------------
// Fava's budgets (GET /api/budgets/fava?account&from&to&interval)   (DESIGN: not in the spec; issue 13)

/** Budget vs actual of an account and its children in one period and budget currency. */
export interface FavaBudgetPeriod {
  /** First and last day of the period, clipped to from..to (YYYY-MM-DD). */
  start: string;
  end: string;
  currency: string;
  /** Decimal strings: Fava's budget prorated by day, the units posted, budgeted - actual. */
  budgeted: string;
  actual: string;
  remaining: string;
}

export interface FavaBudgetReport {
  /** The account asked for; null when the request named none (then `periods` is empty). */
  account: string | null;
  /** Every account with a Fava budget line, sorted (what the budgets page lists). */
  accounts: string[];
  interval: 'day' | 'week' | 'month' | 'quarter' | 'year';
  /** Period by period, currencies in order of their first budget; empty when no budget applies. */
  periods: FavaBudgetPeriod[];
  /** Fava budget lines of the ledger that Fava could not read (file relative to the ledger directory). */
  invalid: { file: string; line: number; message: string }[];
}

export type FavaBudgetBody = DataBody<FavaBudgetReport>;

export const FAVA_BUDGETS_PATH = '/api/budgets/fava';

// ---------------------------------------------------------------------------------------------
// Ledger status and reload events (GET /api/status, GET /api/events)   (DESIGN: not in the spec)

export interface LoadProblem {
  /** Why the last reload kept the previous snapshot (file vanished, unreadable, loader failure). */
  message: string;
  /** Unix ms. */
  at: number;
}

/**
 * What is loaded now. Every field describes the one snapshot being served (or none yet):
 * it is read from a single swap, never a mix of two loads.
 */
export interface LedgerStatus {
  /** 1 for the first snapshot, +1 for each swap; 0 while nothing is loaded. */
  generation: number;
  /** Main ledger file, absolute. */
  file: string;
  /** When the served snapshot was loaded, Unix ms; null while nothing is loaded. */
  loaded_at: number | null;
  /** How long building it took, ms. */
  load_ms: number | null;
  /** Ledger errors of the served snapshot (GET /api/errors lists them). */
  error_count: number;
  transaction_count: number;
  /** Files read (main file and includes). */
  file_count: number;
  /** Set when the last reload failed and an older snapshot (or none) is served; null otherwise. */
  problem: LoadProblem | null;
  /**
   * True while a reload is under way: the other fields still describe the snapshot served now
   * (generation 0 if none yet), which keeps answering requests until the new one is swapped in.
   * The next `reload` or `problem` event (or status) has it false again.
   */
  loading: boolean;
  /**
   * Present only while a reload runs (issue 15): how far it has read. Sent again as further
   * `loading` events as files are read (at most every 50 ms).
   */
  progress?: ReloadProgress;
}

/**
 * How far a reload has read the ledger's files. Totals are estimates from the previous load (the
 * files and their sizes then): null on the first load. `percent` is characters read of the
 * previous load's total, 0-99 while loading (booking after the last read is not counted).
 */
export interface ReloadProgress {
  files_read: number;
  files_total: number | null;
  percent: number | null;
}

export type LedgerStatusBody = DataBody<LedgerStatus>;

/**
 * Server-sent events of GET /api/events (`event:` field -> `data:` JSON):
 * - `status` once on connect, so a client knows what it is looking at;
 * - `reload` after each swap to a new snapshot (with errors or not), `id:` = generation;
 * - `problem` when a reload failed and the previous snapshot stays;
 * - `loading` when a reload starts (status with `loading: true`), sent before the load blocks
 *   the server, so a client can show progress; `reload` or `problem` ends it.
 *   While the reload reads files, further `loading` events carry its `progress` (issue 15).
 * The data of each is a LedgerStatus.
 */
export type ServerEventName = 'status' | 'loading' | 'reload' | 'problem';

export interface ServerEvent {
  event: ServerEventName;
  data: LedgerStatus;
}

/** Path of the event stream. */
export const EVENTS_PATH = '/api/events';

// ---------------------------------------------------------------------------------------------
// Sign-in (POST /api/auth/login, POST /api/auth/logout)   (DESIGN: "sign-in flow not shown")

export interface LoginRequest {
  username: string;
  password: string;
}

export interface AuthState {
  /** SVC_AUTH is set. */
  auth_required: boolean;
  /** This client now holds a session (always true when no auth is required). */
  authenticated: boolean;
}

export type AuthStateBody = DataBody<AuthState>;

// ---------------------------------------------------------------------------------------------
// Financial statements (issue 16 §2): GET /api/statements/{balance-sheet|income-statement|trial-balance}
// Query string: the filter (time, account, filter) or from/to, interval, conversion, invert, prices.

export type StatementKind = 'balance-sheet' | 'income-statement' | 'trial-balance';
export type StatementInterval = 'year' | 'quarter' | 'month' | 'week';

/** One column: a time range (`begin` included, `end` excluded) and the query that computed it. */
export interface StatementColumn {
  label: string;
  begin: string;
  end: string;
  /** The built-in's text with this column's values and the filter written in ("Open query"). */
  query: string;
}

/** One account of the tree; every array has one entry per column. */
export interface StatementNode {
  account: string;
  /** Last component of the name. */
  name: string;
  /** The account's own postings, converted (an amount per currency left after conversion). */
  balance: AmountJson[][];
  /** balance plus every descendant's. */
  balance_children: AmountJson[][];
  /** at_value only: units of the lots in this subtree valued at cost for lack of a price. */
  at_cost: AmountJson[][];
  children: StatementNode[];
}

export interface Statement {
  kind: StatementKind;
  conversion: string;
  invert: boolean;
  /** `end`: values at the prices of each column's last day; `latest`: at the latest price. */
  prices: 'end' | 'latest';
  /** Currencies to offer in the conversion switch: operating currencies, then Fava's conversion-currencies. */
  currencies: string[];
  interval: StatementInterval | null;
  columns: StatementColumn[];
  /** Root accounts (Assets, Liabilities, Equity, Income, Expenses order) that have rows. */
  tree: StatementNode[];
  /**
   * Per column: balance sheet: Assets + Liabilities (net worth); income statement: net profit,
   * -(Income + Expenses); trial balance: the sum of every account. Ledger signs whatever `invert`.
   */
  total: AmountJson[][];
}

export type StatementBody = DataBody<Statement>;

// ---------------------------------------------------------------------------------------------
// Holdings (issue 16 §3): GET /api/holdings?time|from/to&account&filter&group&stale_days

export type HoldingsGroup = 'account' | 'currency' | 'cost_currency';

export interface HoldingRow {
  /** null unless grouped by account. */
  account: string | null;
  /** The commodity; null when grouped by cost currency. */
  currency: string | null;
  /** Currency of cost basis and market value: the cost currency, or the commodity itself for units held without cost. */
  cost_currency: string;
  /** Decimal strings; null when grouped by cost currency. */
  units: string | null;
  average_cost: string | null;
  cost_basis: AmountJson;
  /** Price of one unit in cost_currency on the valuation day, and the date of that quote. */
  price: string | null;
  price_date: string | null;
  /** The price is older than stale_days before the valuation day. */
  stale: boolean;
  market_value: AmountJson;
  /** Lots valued at their cost because they have no price (Fava), as units. */
  unpriced: AmountJson[];
  /** Null for cash valued at a price in the operating currency (it has no cost in that currency). */
  gain: AmountJson | null;
  /** Percent of cost basis; null when the cost is zero. */
  gain_percent: string | null;
  /** Market value in the first operating currency; null if it cannot be converted. */
  value: AmountJson | null;
  /** value / total of the values, in percent (decimal string); null without value. */
  weight: string | null;
}

export interface HoldingsTotal {
  currency: string;
  cost_basis: AmountJson[];
  market_value: AmountJson[];
  gain: AmountJson;
}

export interface Holdings {
  group: HoldingsGroup;
  /** Valuation day: the last day of the filtered time (YYYY-MM-DD). */
  date: string;
  stale_days: number;
  rows: HoldingRow[];
  /** One per operating currency. */
  totals: HoldingsTotal[];
  /** The texts that computed rows and totals ("Open query"). */
  queries: { rows: string; totals: string[] };
}

export type HoldingsBody = DataBody<Holdings>;

// ---------------------------------------------------------------------------------------------
// Plugins the app runs (GET /api/plugins)   (DESIGN: not in the spec; issue 16 follow-up)

/** One plugin of engine/ledger/plugins/registry.ts, for the errors page's unsupported-plugin help. */
export interface PluginInfo {
  /** The module name as written in `plugin "..."`. */
  module: string;
  /** Other accepted names (the short `beancount.plugins.*` name included). */
  aliases: string[];
  /** What configuration it takes. */
  config: string;
  description: string;
}

export type PluginsBody = DataBody<PluginInfo[]>;

export const PLUGINS_PATH = '/api/plugins';
