/**
 * The error kinds and messages of plugins (the plugin stage's part of the ledger error catalogue,
 * engine/ledger/errors.ts). Kind names are Beancount's error class names where the plugin has one
 * (LeafOnlyError, OneCommodityError, ...), so a Beancount user recognises them; messages keep
 * Beancount's wording and add where it points (line numbers of the other directive).
 */
import { formatDate, type DayNum } from '../../dates';
import type { SourceRef } from '../ast';
import { ErrorKind, ledgerError, type LedgerError } from '../errors';

export const PluginErrorKind = {
  /** A plugin the app does not implement (a user's own Python module). Kept from the first catalogue. */
  UnsupportedPlugin: ErrorKind.UnsupportedPlugin,
  PluginConfigError: 'PluginConfigError',
  /** A plugin failed on this ledger (an internal error, as Beancount's "Error applying plugin"). */
  PluginFailed: 'PluginFailed',
  CheckCommodityError: 'CheckCommodityError',
  LeafOnlyError: 'LeafOnlyError',
  DuplicateEntry: 'DuplicateEntry',
  UnusedAccountError: 'UnusedAccountError',
  OneCommodityError: 'OneCommodityError',
  UniquePricesError: 'UniquePricesError',
  CoherentCostError: 'CoherentCostError',
  SellGainsError: 'SellGainsError',
  CommodityError: 'CommodityError',
  MatchBasisError: 'MatchBasisError',
  MergeMetaError: 'MergeMetaError',
  UnrealizedError: 'UnrealizedError',
  BookConversionError: 'BookConversionError',
  DocumentError: 'DocumentError',
} as const;

const K = PluginErrorKind;

interface Site {
  src: SourceRef | null;
  date: DayNum | null;
}

const err = (kind: string, message: string, site: Site, account: string | null = null): LedgerError =>
  ledgerError(kind, message, site.src, { date: site.date, account, metas: account ? [['account_name', account]] : [] });

const line = (src: SourceRef | null) => (src ? `line ${src.line}` : 'a generated entry');

export const PluginErrors = {
  unknown: (site: Site, name: string) =>
    err(
      K.UnsupportedPlugin,
      `Plugin "${name}" is not run: this app runs only the plugins listed in its README (section Plugins), natively; the rest of the ledger is loaded without it`,
      site,
    ),
  config: (site: Site, name: string, why: string) =>
    err(K.PluginConfigError, `Invalid configuration for plugin "${name}": ${why}; the plugin is not run`, site),
  failed: (site: Site, name: string, why: string) => err(K.PluginFailed, `Plugin "${name}" failed: ${why}`, site),
  missingCommodity: (site: Site, currency: string) =>
    err(K.CheckCommodityError, `Missing Commodity directive for '${currency}'`, site),
  leafOnly: (site: Site, account: string) => err(K.LeafOnlyError, `Non-leaf account '${account}' has postings on it`, site, account),
  duplicate: (site: Site, what: string, other: SourceRef | null) =>
    err(K.DuplicateEntry, `Duplicate entry: this ${what} is the same as the one on ${line(other)}`, site),
  unusedAccount: (site: Site, account: string) => err(K.UnusedAccountError, `Unused account '${account}'`, site, account),
  moreThanOneCurrency: (site: Site, account: string, currencies: string[], cost: boolean) =>
    err(K.OneCommodityError, `More than one ${cost ? 'cost ' : ''}currency in account '${account}': ${currencies.join(',')}`, site, account),
  disagreeingPrices: (site: Site, base: string, quote: string, date: DayNum, numbers: string[]) =>
    err(K.UniquePricesError, `Disagreeing price entries for ${base} in ${quote} on ${formatDate(date)}: ${numbers.join(', ')}`, site),
  incoherentCost: (site: Site, currency: string, withCost: SourceRef | null) =>
    err(K.CoherentCostError, `Currency '${currency}' is used both with and without cost (with cost on ${line(withCost)})`, site),
  sellGains: (site: Site, price: string, proceeds: string) =>
    err(K.SellGainsError, `Invalid price vs. proceeds/gains: ${price} vs. ${proceeds}`, site),
  missingAttribute: (site: Site, attr: string, currency: string) =>
    err(K.CommodityError, `Missing attribute '${attr}' for Commodity directive ${currency}`, site),
  invalidAttribute: (site: Site, value: string, attr: string, currency: string, valid: string[]) =>
    err(K.CommodityError, `Invalid value '${value}' for attribute ${attr}, Commodity directive ${currency}; valid options: ${valid.join(', ')}`, site),
  averageCost: (site: Site, account: string, cost: string, average: string) =>
    err(K.MatchBasisError, `Cost basis on reducing posting is too far from the average cost (${cost} vs. ${average})`, site, account),
  mergeMeta: (site: Site, why: string) => err(K.MergeMetaError, why, site),
  unrealized: (site: Site, why: string) => err(K.UnrealizedError, why, site),
  bookConversion: (site: Site, why: string) => err(K.BookConversionError, why, site),
  documentNotFound: (site: Site, name: string) => err(K.DocumentError, `Document not found: '${name}'`, site),
  /** Document discovery's problems (Beancount: DocumentError at `<main file>:0`; here on the plugin line). */
  discovery: (site: Site, message: string) => err(K.DocumentError, message, site),
};
