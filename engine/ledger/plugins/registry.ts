/**
 * THE table of plugins the app runs: module name as written in the ledger -> implementation,
 * config and description. The README's Plugins section lists exactly these (a test compares).
 * Short names people also write (`auto_accounts` for `beancount.plugins.auto_accounts`) are
 * accepted for every `beancount.plugins.*` module.
 */
import { checkAverageCostPlugin } from './check-average-cost';
import { checkClosingPlugin } from './check-closing';
import { checkCommodityPlugin } from './check-commodity';
import { closeTreePlugin } from './close-tree';
import { coherentCostPlugin } from './coherent-cost';
import { commodityAttrPlugin } from './commodity-attr';
import { corePlugins } from './core';
import { divertExpensesPlugin } from './divert-expenses';
import { excludeTagPlugin } from './exclude-tag';
import { fillAccountPlugin } from './fill-account';
import { fixPayeesPlugin } from './fix-payees';
import { forecastPlugin } from './forecast';
import { leafonlyPlugin } from './leafonly';
import { markUnverifiedPlugin } from './mark-unverified';
import { mergeMetaPlugin } from './merge-meta';
import { noduplicatesPlugin } from './noduplicates';
import { nounusedPlugin } from './nounused';
import { onecommodityPlugin } from './onecommodity';
import { pedanticPlugin } from './pedantic';
import { sellgainsPlugin } from './sellgains';
import { tagPendingPlugin } from './tag-pending';
import { uniquePricesPlugin } from './unique-prices';
import { splitExpensesPlugin } from './split-expenses';
import { currencyAccountsPlugin } from './currency-accounts';
import { iraContribsPlugin } from './ira-contribs';
import { bookConversionsPlugin } from './book-conversions';
import { linkDocumentsPlugin, tagDiscoveredDocumentsPlugin } from './fava-documents';
import { unrealizedPlugin } from './unrealized';
import type { PluginDef } from './types';

export const PLUGINS: readonly PluginDef<any>[] = [
  ...corePlugins,
  checkAverageCostPlugin,
  checkClosingPlugin,
  checkCommodityPlugin,
  closeTreePlugin,
  coherentCostPlugin,
  commodityAttrPlugin,
  divertExpensesPlugin,
  excludeTagPlugin,
  fillAccountPlugin,
  fixPayeesPlugin,
  forecastPlugin,
  leafonlyPlugin,
  markUnverifiedPlugin,
  mergeMetaPlugin,
  noduplicatesPlugin,
  nounusedPlugin,
  onecommodityPlugin,
  pedanticPlugin,
  sellgainsPlugin,
  tagPendingPlugin,
  uniquePricesPlugin,
  unrealizedPlugin,
  splitExpensesPlugin,
  currencyAccountsPlugin,
  iraContribsPlugin,
  bookConversionsPlugin,
  linkDocumentsPlugin,
  tagDiscoveredDocumentsPlugin,
];

const byName = new Map<string, PluginDef>();
for (const p of PLUGINS) {
  byName.set(p.module, p);
  for (const a of p.aliases ?? []) byName.set(a, p);
  const short = /^beancount\.plugins\.(\w+)$/.exec(p.module);
  if (short) byName.set(short[1], p);
}

/** The plugin written as `name` in a ledger, or undefined when the app does not run it. */
export function findPlugin(name: string): PluginDef | undefined {
  return byName.get(name.trim());
}
