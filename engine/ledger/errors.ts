/**
 * Ledger errors: the rows of #errors and GET /api/errors. Every kind and its message is written
 * here once; other modules call the constructors below.
 */
import type { DayNum } from '../dates';
import { formatDate } from '../dates';
import type { SourceRef } from './ast';

export interface LedgerError {
  kind: string;
  message: string;
  /** Source of the offending directive; null when unknown (e.g. made by a plugin). */
  src: SourceRef | null;
  /** Text of the directive, or null; at most its first 4 KiB (see error-source.ts). */
  source: string | null;
  /** Set only when `source` was cut to a prefix: the whole directive's UTF-8 bytes and lines. */
  sourceFull?: { bytes: number; lines: number };
  date: DayNum | null;
  account: string | null;
  /** Recorded details (txn_id, account_name, budget_name, ...). */
  metas: [string, string][];
  /**
   * Error id (spec #errors `id`): derived from the directive's position, so errors of one directive
   * share it and an error in a transaction carries the transaction's id. Filled in by `loadLedger`
   * when the snapshot is finished (null until then, and for errors without a position).
   */
  id: string | null;
}

export function ledgerError(
  kind: string,
  message: string,
  src: SourceRef | null,
  extra: Partial<Pick<LedgerError, 'source' | 'date' | 'account' | 'metas'>> = {},
): LedgerError {
  return {
    kind,
    message,
    src,
    source: extra.source ?? null,
    date: extra.date ?? null,
    account: extra.account ?? null,
    metas: extra.metas ?? [],
    id: null,
  };
}

/** What the booking modules know about the directive an error is about. */
export interface ErrorSite {
  src: SourceRef | null;
  date: DayNum | null;
  /** Transaction id when the directive is a transaction (recorded as meta txn_id). */
  txnId?: string | null;
}

function at(site: ErrorSite, account: string | null, metas: [string, string][] = []): Partial<LedgerError> {
  const m: [string, string][] = [...metas];
  if (site.txnId) m.push(['txn_id', site.txnId]);
  if (account) m.push(['account_name', account]);
  return { date: site.date, account, metas: m };
}

function mk(kind: string, message: string, site: ErrorSite, account: string | null = null, metas: [string, string][] = []): LedgerError {
  return ledgerError(kind, message, site.src, at(site, account, metas));
}

/** The error kinds of the booking stage (spec names first; the rest follow Beancount/zhang names). */
export const ErrorKind = {
  UnbalancedTransaction: 'UnbalancedTransaction',
  AccountDoesNotExist: 'AccountDoesNotExist',
  AccountClosed: 'AccountClosed',
  AccountBalanceCheckError: 'AccountBalanceCheckError',
  /** Two balance directives for one account, currency and day with different amounts (Beancount's validation). */
  DuplicateBalanceAssertion: 'DuplicateBalanceAssertion',
  AmbiguousLotMatch: 'AmbiguousLotMatch',
  NoEnoughCommodityLot: 'NoEnoughCommodityLot',
  UnsupportedBookingMethod: 'UnsupportedBookingMethod',
  TransactionHasMultipleImplicitPosting: 'TransactionHasMultipleImplicitPosting',
  TransactionCannotInferAmount: 'TransactionCannotInferAmount',
  InvalidCost: 'InvalidCost',
  CurrencyNotAllowed: 'CurrencyNotAllowed',
  DuplicateOpen: 'DuplicateOpen',
  DuplicateClose: 'DuplicateClose',
  CloseNonZeroAccount: 'CloseNonZeroAccount',
  CloseUnopenedAccount: 'CloseUnopenedAccount',
  DuplicateCommodity: 'DuplicateCommodity',
  UnusedPad: 'UnusedPad',
  PadAtCost: 'PadAtCost',
  DocumentFileNotFound: 'DocumentFileNotFound',
  InvalidOption: 'InvalidOption',
  /** A plugin the app does not run; it and the other plugin kinds are in plugins/errors.ts. */
  UnsupportedPlugin: 'UnsupportedPlugin',
} as const;

const K = ErrorKind;

export const Errors = {
  unbalanced: (site: ErrorSite, residual: string) =>
    mk(K.UnbalancedTransaction, `Transaction does not balance: (${residual})`, site),
  multipleImplicit: (site: ErrorSite, currency: string | null) =>
    mk(
      K.TransactionHasMultipleImplicitPosting,
      currency
        ? `Transaction has too many missing numbers for currency group '${currency}'; it is ignored`
        : 'Transaction has more than one posting without an amount; it is ignored',
      site,
    ),
  cannotInfer: (site: ErrorSite, what: string) =>
    mk(K.TransactionCannotInferAmount, `Transaction cannot be completed: ${what}; it is ignored`, site),
  invalidCost: (site: ErrorSite, account: string, what: string) => mk(K.InvalidCost, what, site, account),
  accountDoesNotExist: (site: ErrorSite, account: string) =>
    mk(K.AccountDoesNotExist, `Account ${account} does not exist (no open directive)`, site, account),
  accountNotYetOpen: (site: ErrorSite, account: string, openDate: DayNum) =>
    mk(K.AccountDoesNotExist, `Account ${account} is used before it is opened on ${formatDate(openDate)}`, site, account),
  accountClosed: (site: ErrorSite, account: string, closeDate: DayNum) =>
    mk(K.AccountClosed, `Account ${account} is used after it was closed on ${formatDate(closeDate)}`, site, account),
  currencyNotAllowed: (site: ErrorSite, account: string, currency: string, allowed: string[]) =>
    mk(K.CurrencyNotAllowed, `Invalid currency ${currency} for account ${account} (allowed: ${allowed.join(', ')})`, site, account),
  balanceCurrencyNotAllowed: (site: ErrorSite, account: string, currency: string, allowed: readonly string[]) =>
    mk(K.CurrencyNotAllowed, `Invalid currency ${currency} for balance directive of ${account} (allowed: ${allowed.join(', ')})`, site, account),
  duplicateBalance: (site: ErrorSite, account: string, amount: string, first: string) =>
    mk(K.DuplicateBalanceAssertion, `Duplicate balance assertion with different amounts for ${account}: ${amount} (earlier the same day: ${first})`, site, account),
  balanceFailed: (site: ErrorSite, account: string, expected: string, actual: string, diff: string, tooMuch: boolean) =>
    mk(
      K.AccountBalanceCheckError,
      `Balance failed for ${account}: expected ${expected} != accumulated ${actual} (${diff} ${tooMuch ? 'too much' : 'too little'})`,
      site,
      account,
    ),
  ambiguousLots: (site: ErrorSite, account: string, posting: string, lots: string) =>
    mk(K.AmbiguousLotMatch, `Ambiguous matches for "${posting}" in ${account}: ${lots}; booked oldest first`, site, account),
  notEnoughLots: (site: ErrorSite, account: string, posting: string, remainder: string) =>
    mk(
      K.NoEnoughCommodityLot,
      `Not enough lots to reduce "${posting}" in ${account}; the remaining ${remainder} is booked as a new lot`,
      site,
      account,
    ),
  unsupportedBooking: (site: ErrorSite, account: string | null, method: string, fallback: string) =>
    mk(K.UnsupportedBookingMethod, `Booking method ${method} is not supported; ${fallback} is used instead`, site, account),
  duplicateOpen: (site: ErrorSite, account: string) => mk(K.DuplicateOpen, `Duplicate open directive for ${account}`, site, account),
  duplicateClose: (site: ErrorSite, account: string) =>
    mk(K.DuplicateClose, `Duplicate close directive for ${account}`, site, account),
  closeUnopened: (site: ErrorSite, account: string) =>
    mk(K.CloseUnopenedAccount, `Unopened account ${account} is being closed`, site, account),
  closeNonZero: (site: ErrorSite, account: string, balance: string) =>
    mk(K.CloseNonZeroAccount, `Account ${account} is closed while it still holds ${balance}`, site, account),
  duplicateCommodity: (site: ErrorSite, currency: string) =>
    mk(K.DuplicateCommodity, `Duplicate commodity directives for '${currency}'`, site),
  unusedPad: (site: ErrorSite, account: string) => mk(K.UnusedPad, `Unused Pad entry for ${account}`, site, account),
  padAtCost: (site: ErrorSite, account: string, currency: string) =>
    mk(K.PadAtCost, `Attempt to pad ${account} in ${currency}, which it holds at cost; the padding is booked without cost`, site, account),
  documentNotFound: (site: ErrorSite, account: string | null, filename: string) =>
    mk(K.DocumentFileNotFound, `File does not exist: "${filename}"`, site, account),
  invalidOption: (site: ErrorSite, name: string, value: string, why: string) =>
    mk(K.InvalidOption, `Invalid value "${value}" for option "${name}": ${why}`, site),
};

// ---------------------------------------------------------------------------------------------
// Syntax and loading stage (engine/ledger/syntax, engine/ledger/load.ts).

/** Error kinds of reading files: malformed directives, includes, plugins. */
export const LoadErrorKind = {
  /** A directive that cannot be read; it is skipped as a whole (a transaction with all its postings). */
  ParseError: 'ParseError',
  /** An include whose file is missing, unreadable or not a regular file, or whose glob pattern matches nothing. */
  IncludeNotFound: 'IncludeNotFound',
  /** An include of a file that is already being loaded further up the include chain. */
  IncludeCycle: 'IncludeCycle',
  /** A file included a second time from elsewhere (not a cycle); loading it twice would double it. */
  DuplicateInclude: 'DuplicateInclude',
  /** The main ledger file itself cannot be read. */
  FileNotFound: 'FileNotFound',
} as const;

/** Where a syntax-stage error stands: the directive's span, its text and its date if readable. */
export interface SyntaxSite {
  src: SourceRef | null;
  source: string | null;
  date: DayNum | null;
}

const syntaxError = (kind: string, message: string, site: SyntaxSite): LedgerError =>
  ledgerError(kind, message, site.src, { source: site.source, date: site.date });

/** The sentences of ParseError (what is wrong; the position is appended by the parser). */
export const SyntaxMessages = {
  unterminatedString: () => 'unterminated string (no closing ")',
  invalidDate: (text: string) => `invalid date ${text}`,
  invalidTime: (text: string) => `invalid time of day ${text} (expected HH:MM or HH:MM:SS)`,
  timeInBeancount: (text: string) =>
    `a time of day after the date (${text}) is only allowed in .zhang files; in Beancount files write it as metadata: time: "${text}"`,
  invalidTimeMeta: (text: string) => `invalid time metadata "${text}" (expected "HH:MM" or "HH:MM:SS"); the directive is read without a time`,
  expectedDate: (found: string) => `expected a date at the start of the directive, found ${found}`,
  expectedDirective: (found: string) => `expected a directive keyword or a transaction flag after the date, found ${found}`,
  unknownDirective: (word: string) => `unknown directive "${word}"`,
  zhangOnlySyntax: (what: string) => `${what} is only available in .zhang files`,
  zhangOnlyDirective: (word: string) =>
    `the "${word}" directive is only available in .zhang files; in Beancount files write: custom "${word}" ...`,
  unexpected: (what: string, found: string) => `unexpected ${found} ${what}`,
  expected: (what: string, found: string) => `expected ${what}, found ${found}`,
  invalidAccount: (text: string) =>
    `invalid account name "${text}" (components are separated by ":" and start with an uppercase letter, a digit or a non-ASCII letter)`,
  beancountAccountName: (text: string, roots: readonly string[]) =>
    `Invalid account name: ${text} (Beancount needs a root of ${roots.join(', ')}, and the component after it starting with an uppercase letter or a digit; .zhang files accept it)`,
  invalidCurrency: (text: string) => `invalid currency "${text}"`,
  noIntegerPart: (found: string) => `a number needs its integer part in Beancount files (write 0.5, not .5), found ${found}`,
  notInBeancount: (what: string, found: string) => `${what} is not allowed in Beancount files (bean-check 2.3.5 refuses it), found ${found}`,
  costMerging: () => 'Cost merging is not supported yet: the {*} marker is ignored, as bean-check does',
  negativePrice: (price: string) => `Negative prices are not allowed: ${price} (the posting is read with its absolute value, as bean-check does)`,
  oneLetterKey: (key: string) =>
    `metadata key "${key}" has one letter: Beancount (bean-check 2.3.5) needs two or more characters in a key (.zhang files accept it)`,
  invalidNumber: (text: string) => `invalid number ${text}`,
  divisionByZero: () => 'division by zero in an amount expression',
  nestedTooDeeply: () => 'amount expression nested too deeply',
  tooManyStrings: () => 'too many strings in the transaction header (at most payee and narration)',
  duplicateCostPart: (part: string) => `the cost has more than one ${part}`,
  totalCostWithHash: () => 'a total cost {{...}} cannot use the per-unit # total form',
  duplicatePrice: () => 'the posting has more than one price',
  duplicateCost: () => 'the posting has more than one cost',
  postingOutsideTransaction: () => 'a posting line is only allowed in a transaction',
  orphanIndentedLine: () =>
    'indented line does not belong to any directive (a blank line ends a directive; directives start in column 1)',
  strayText: (found: string) => `text that is not a directive: ${found}`,
  badCustomBudget: (name: string, usage: string) => `custom "${name}" needs ${usage}`,
  popAbsentTag: (tag: string) => `poptag #${tag}: the tag was not pushed`,
  popAbsentMeta: (key: string) => `popmeta ${key}: the key was not pushed`,
  unbalancedTag: (tag: string) => `pushtag #${tag} is never popped in this file`,
  unbalancedMeta: (key: string) => `pushmeta ${key} is never popped in this file`,
  internal: (what: string) => `internal error while reading this directive: ${what}`,
};

/** Errors of the syntax and loading stage. */
export const SyntaxErrors = {
  parse: (site: SyntaxSite, message: string) => syntaxError(LoadErrorKind.ParseError, message, site),
  includeNotFound: (site: SyntaxSite, pattern: string, path: string) =>
    syntaxError(LoadErrorKind.IncludeNotFound, `include "${pattern}": file ${path} does not exist or cannot be read`, site),
  includeNoMatch: (site: SyntaxSite, pattern: string) =>
    syntaxError(LoadErrorKind.IncludeNotFound, `include "${pattern}": the pattern matches no files`, site),
  includeCycle: (site: SyntaxSite, pattern: string, chain: string[]) =>
    syntaxError(LoadErrorKind.IncludeCycle, `include "${pattern}" makes a cycle: ${chain.join(' -> ')}; it is skipped`, site),
  includeNotRegular: (site: SyntaxSite, pattern: string, path: string, what: string) =>
    syntaxError(LoadErrorKind.IncludeNotFound, `include "${pattern}": ${path} is ${what}, not a regular file; it is not read`, site),
  duplicateInclude: (site: SyntaxSite, pattern: string, path: string) =>
    syntaxError(LoadErrorKind.DuplicateInclude, `include "${pattern}": file ${path} is already included; it is not read twice`, site),
  fileNotRegular: (path: string, what: string) =>
    syntaxError(LoadErrorKind.FileNotFound, `ledger file ${path} is ${what}, not a regular file`, { src: null, source: null, date: null }),
  fileNotFound: (path: string) =>
    syntaxError(LoadErrorKind.FileNotFound, `ledger file ${path} does not exist or cannot be read`, { src: null, source: null, date: null }),
};

// ---------------------------------------------------------------------------------------------
// Budget stage (engine/ledger/budgets). Kind names follow zhang's (BudgetDoesNotExist,
// DefineDuplicatedBudget). A missing budget records meta budget_name (spec #errors: "an undefined
// budget referenced by a posting has meta('budget_name')"); posting errors also record txn_id and
// account_name.

export const BudgetErrorKind = {
  BudgetDoesNotExist: 'BudgetDoesNotExist',
  DefineDuplicatedBudget: 'DefineDuplicatedBudget',
} as const;

/** Why a budget was missing: never defined, or defined only later (its budget directive's date). */
function missingBudget(name: string, definedOn: DayNum | null, at: DayNum): string {
  return definedOn === null
    ? `budget "${name}" is not defined`
    : `budget "${name}" does not exist on ${formatDate(at)} (its budget directive is dated ${formatDate(definedOn)})`;
}

export const BudgetErrors = {
  /** budget-add / budget-transfer / budget-close naming a budget that does not exist (yet). */
  directiveOnMissingBudget: (
    directive: 'budget-add' | 'budget-transfer' | 'budget-close',
    name: string,
    definedOn: DayNum | null,
    date: DayNum,
    src: SourceRef,
  ): LedgerError =>
    ledgerError(
      BudgetErrorKind.BudgetDoesNotExist,
      `${directive} has no effect: ${missingBudget(name, definedOn, date)}`,
      src,
      { date, metas: [['budget_name', name]] },
    ),
  /** A posting whose account's open names a budget that does not exist at the posting's date. */
  postingOnMissingBudget: (
    account: string,
    name: string,
    definedOn: DayNum | null,
    date: DayNum,
    txnId: string,
    src: SourceRef | null,
  ): LedgerError =>
    ledgerError(
      BudgetErrorKind.BudgetDoesNotExist,
      `Posting to ${account} is not counted in budget "${name}": ${missingBudget(name, definedOn, date)}`,
      src,
      {
        date,
        account,
        metas: [
          ['account_name', account],
          ['budget_name', name],
          ['txn_id', txnId],
        ],
      },
    ),
  duplicate: (name: string, firstDate: DayNum, date: DayNum, src: SourceRef): LedgerError =>
    ledgerError(
      BudgetErrorKind.DefineDuplicatedBudget,
      `Duplicate budget directive for "${name}" (already defined on ${formatDate(firstDate)}); it is ignored`,
      src,
      { date, metas: [['budget_name', name]] },
    ),
};
