/**
 * Limits of the query language (document 1 "Limits", document 2 "Limits"), written once so the
 * parser, compiler, executor and HTTP layer agree on them.
 */

/** Query text length, in bytes of UTF-8 (64 KiB). */
export const MAX_QUERY_BYTES = 65_536;

/**
 * Nesting depth: parentheses, function calls, IN lists, NOT, unary minus/plus and CASE inside each
 * other. Chains of AND / OR / + / * are not nesting.
 */
export const MAX_NESTING = 64;

/** Compiled size of one regular expression (1 MiB). */
export const MAX_REGEX_BYTES = 1_048_576;

/** Execution time of one query, in milliseconds. */
export const MAX_EXECUTION_MS = 10_000;

/** Default result size in values; the environment variable below overrides it. */
export const DEFAULT_MAX_RESULT_VALUES = 1_000_000;
export const MAX_RESULT_VALUES_ENV = 'SVC_QUERY_MAX_RESULT_VALUES';
/** Result size counting: one extra value per this many bytes of text. */
export const RESULT_TEXT_BYTES_PER_VALUE = 64;

/** Graph endpoint points. */
export const MAX_GRAPH_POINTS = 50_000;

/** Page size of the journals and errors endpoints. */
export const MIN_PAGE_SIZE = 1;
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 100;

/** Rows of one account journal page, postings of the top-postings query, bars of the query chart. */
export const ACCOUNT_JOURNAL_PAGE_ROWS = 100;
export const TOP_POSTINGS = 10;
export const MAX_CHART_BARS = 50;

/** Significant digits of decimal division and price products. */
export const DECIMAL_SIGNIFICANT_DIGITS = 28;

/** Smallest width maxwidth() accepts (the length of the `[...]` placeholder). */
export const MIN_MAXWIDTH = 5;

/** 64-bit integer range of int values, LIMIT/OFFSET and intervals. */
export const INT64_MIN = -0x8000000000000000n;
export const INT64_MAX = 0x7fffffffffffffffn;
