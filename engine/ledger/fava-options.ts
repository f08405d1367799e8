/**
 * Fava's options, written in the ledger as `custom "fava-option" "NAME" "VALUE"` (Beancount reads
 * them as plain custom entries, and so do we: they stay rows of #entries). This reads them into
 * one typed record, with Fava's defaults and Fava's parsing (fava/core/fava_options.py): a later
 * line overrides an earlier one, list options are space-separated, booleans are "true"
 * (any case) or false, `collapse-pattern` and `insert-entry` accumulate.
 *
 * A line Fava would refuse (unknown name, missing value, bad number or fiscal-year-end) is listed
 * in `problems`, not reported as a ledger error: bean-check accepts any custom entry, and
 * `npm run check` reports what bean-check reports.
 *
 * `custom "fava-extension" ...` and `custom "fava-sidebar-link" ...` are read too (names and
 * arguments), for pages that may show them; the app runs no Fava extension.
 */
import type { DayNum } from '../dates';
import type { CustomAst, SourceRef } from './ast';

export interface FavaOptions {
  /** Last day of the fiscal year (Fava default 12-31). */
  fiscalYearEnd: { month: number; day: number };
  /** Currencies offered for conversion (Fava default: none, i.e. the operating currencies). */
  conversionCurrencies: string[];
  /** Show Income, Liabilities and Equity with the sign flipped. */
  invertIncomeLiabilitiesEquity: boolean;
  /** Number formatting locale such as `en_US` (null: Fava's default formatting). */
  locale: string | null;
  language: string | null;
  /** File (absolute path) of the `default-file` option line: where Fava inserts new entries. */
  defaultFile: string | null;
  defaultPage: string;
  accountJournalIncludeChildren: boolean;
  showClosedAccounts: boolean;
  showAccountsWithZeroBalance: boolean;
  showAccountsWithZeroTransactions: boolean;
  collapsePattern: string[];
  upcomingEvents: number;
  sidebarShowQueries: number;
  unrealized: string;
  currencyColumn: number;
  indent: number;
  insertEntry: { date: DayNum; pattern: string; src: SourceRef }[];
  journalShow: string[];
  journalShowDocument: string[];
  journalShowTransaction: string[];
  importConfig: string | null;
  importDirs: string[];
  autoReload: boolean;
  useExternalEditor: boolean;
  uptodateIndicatorGreyLookbackDays: number;
  /** Every fava-option line read, name and value as written, in ledger order. */
  raw: { name: string; value: string | null }[];
  /** Lines Fava would refuse, with the reason. */
  problems: { src: SourceRef; message: string }[];
  /** `custom "fava-extension" "module" ["config"]` lines. */
  extensions: { name: string; config: string | null; src: SourceRef }[];
  /** `custom "fava-sidebar-link" "label" "url"` lines. */
  sidebarLinks: { label: string; url: string; src: SourceRef }[];
}

export function defaultFavaOptions(): FavaOptions {
  return {
    fiscalYearEnd: { month: 12, day: 31 },
    conversionCurrencies: [],
    invertIncomeLiabilitiesEquity: false,
    locale: null,
    language: null,
    defaultFile: null,
    defaultPage: 'income_statement/',
    accountJournalIncludeChildren: true,
    showClosedAccounts: false,
    showAccountsWithZeroBalance: true,
    showAccountsWithZeroTransactions: true,
    collapsePattern: [],
    upcomingEvents: 7,
    sidebarShowQueries: 5,
    unrealized: 'Unrealized',
    currencyColumn: 61,
    indent: 2,
    insertEntry: [],
    journalShow: ['transaction', 'balance', 'note', 'document', 'custom', 'budget', 'query'],
    journalShowDocument: ['discovered', 'statement'],
    journalShowTransaction: ['cleared', 'pending'],
    importConfig: null,
    importDirs: [],
    autoReload: false,
    useExternalEditor: false,
    uptodateIndicatorGreyLookbackDays: 60,
    raw: [],
    problems: [],
    extensions: [],
    sidebarLinks: [],
  };
}

type Setter = (o: FavaOptions, value: string) => string | null;

const bool =
  (key: 'invertIncomeLiabilitiesEquity' | 'accountJournalIncludeChildren' | 'showClosedAccounts' | 'showAccountsWithZeroBalance' | 'showAccountsWithZeroTransactions' | 'autoReload' | 'useExternalEditor'): Setter =>
  (o, v) => {
    o[key] = v.toLowerCase() === 'true';
    return null;
  };
const int =
  (key: 'upcomingEvents' | 'sidebarShowQueries' | 'currencyColumn' | 'indent' | 'uptodateIndicatorGreyLookbackDays'): Setter =>
  (o, v) => {
    if (!/^\s*[+-]?\d+\s*$/.test(v)) return `expected a whole number, got "${v}"`;
    o[key] = parseInt(v, 10);
    return null;
  };
const list =
  (key: 'conversionCurrencies' | 'journalShow' | 'journalShowDocument' | 'journalShowTransaction' | 'importDirs'): Setter =>
  (o, v) => {
    o[key] = v.trim().split(/\s+/).filter((x) => x !== '');
    return null;
  };

/** Days per month of a leap year: Fava accepts 02-29 as a fiscal-year end. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const SETTERS: Record<string, Setter> = {
  'fiscal-year-end': (o, v) => {
    const m = /^(\d{1,2})-(\d{1,2})$/.exec(v.trim());
    const month = m ? +m[1] : 0;
    const day = m ? +m[2] : 0;
    if (month < 1 || month > 12 || day < 1 || day > MONTH_DAYS[month - 1]) return `invalid fiscal-year-end "${v}" (write MM-DD)`;
    o.fiscalYearEnd = { month, day };
    return null;
  },
  'conversion-currencies': list('conversionCurrencies'),
  'invert-income-liabilities-equity': bool('invertIncomeLiabilitiesEquity'),
  locale: (o, v) => {
    if (!/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(v.trim())) return `unknown locale "${v}"`;
    o.locale = v.trim();
    return null;
  },
  language: (o, v) => ((o.language = v), null),
  'default-page': (o, v) => ((o.defaultPage = v), null),
  'account-journal-include-children': bool('accountJournalIncludeChildren'),
  'show-closed-accounts': bool('showClosedAccounts'),
  'show-accounts-with-zero-balance': bool('showAccountsWithZeroBalance'),
  'show-accounts-with-zero-transactions': bool('showAccountsWithZeroTransactions'),
  'collapse-pattern': (o, v) => (o.collapsePattern.push(v), null),
  'upcoming-events': int('upcomingEvents'),
  'sidebar-show-queries': int('sidebarShowQueries'),
  unrealized: (o, v) => ((o.unrealized = v), null),
  'currency-column': int('currencyColumn'),
  indent: int('indent'),
  'journal-show': list('journalShow'),
  'journal-show-document': list('journalShowDocument'),
  'journal-show-transaction': list('journalShowTransaction'),
  'import-config': (o, v) => ((o.importConfig = v), null),
  'import-dirs': list('importDirs'),
  'auto-reload': bool('autoReload'),
  'use-external-editor': bool('useExternalEditor'),
  'uptodate-indicator-grey-lookback-days': int('uptodateIndicatorGreyLookbackDays'),
};

/** Options that take no value argument. */
const NO_VALUE = new Set(['default-file']);

function text(c: CustomAst, i: number): string | null {
  const v = c.values[i];
  return v && (v.kind === 'string' || v.kind === 'account' || v.kind === 'currency') ? v.text : null;
}

/** Reads the Fava option, extension and sidebar-link lines of the ledger (in ledger order). */
export function readFavaOptions(customs: readonly CustomAst[]): FavaOptions {
  const o = defaultFavaOptions();
  for (const c of customs) {
    if (c.name === 'fava-extension') {
      const name = text(c, 0);
      if (name !== null) o.extensions.push({ name, config: text(c, 1), src: c.src });
      continue;
    }
    if (c.name === 'fava-sidebar-link') {
      const label = text(c, 0);
      const url = text(c, 1);
      if (label !== null && url !== null) o.sidebarLinks.push({ label, url, src: c.src });
      continue;
    }
    if (c.name !== 'fava-option') continue;
    const name = text(c, 0);
    const value = text(c, 1);
    if (name === null) {
      o.problems.push({ src: c.src, message: 'Failed to parse fava-option entry: the option name is missing' });
      continue;
    }
    o.raw.push({ name, value });
    if (name === 'default-file') {
      o.defaultFile = c.src.file;
      continue;
    }
    if (name === 'insert-entry') {
      if (value === null) o.problems.push({ src: c.src, message: 'Failed to parse fava-option entry: insert-entry needs a pattern' });
      else o.insertEntry.push({ date: c.date, pattern: value, src: c.src });
      continue;
    }
    const set = SETTERS[name];
    let problem: string | null;
    if (!set) problem = NO_VALUE.has(name) ? null : `unknown option \`${name}\``;
    else if (value === null) problem = `expected value for option \`${name}\` to be a string`;
    else problem = set(o, value);
    if (problem !== null) o.problems.push({ src: c.src, message: `Failed to parse fava-option entry: ${problem}` });
  }
  return o;
}

const cache = new WeakMap<object, FavaOptions>();

/**
 * The Fava options of a loaded ledger (read once per snapshot). Pages and statements read them
 * from here: `favaOptions(snapshot).fiscalYearEnd`.
 */
export function favaOptions(snapshot: { customs: readonly CustomAst[] }): FavaOptions {
  let o = cache.get(snapshot);
  if (!o) cache.set(snapshot, (o = readFavaOptions(snapshot.customs)));
  return o;
}
