/**
 * beancount.plugins.pedantic: Beancount's bundle of strict checks, each as its own plugin does it:
 * check_commodity, coherent_cost, leafonly, noduplicates, nounused, onecommodity (without a
 * config: every account), sellgains, unique_prices.
 */
import { checkCommodity } from './check-commodity';
import { checkCoherentCost } from './coherent-cost';
import { checkLeafOnly } from './leafonly';
import { checkDuplicates } from './noduplicates';
import { checkUnused } from './nounused';
import { checkOneCommodity } from './onecommodity';
import { checkSellGains } from './sellgains';
import { checkUniquePrices } from './unique-prices';
import type { PluginDef } from './types';

export const pedanticPlugin: PluginDef = {
  module: 'beancount.plugins.pedantic',
  config: 'none',
  description: 'check_commodity, coherent_cost, leafonly, noduplicates, nounused, onecommodity, sellgains and unique_prices together',
  validate: (booked, _c, run) => {
    checkCommodity(booked, run.errors);
    checkCoherentCost(booked, run.errors);
    checkLeafOnly(booked, run.errors, run.plugin.src);
    checkDuplicates(booked, run.errors);
    checkUnused(booked, run.errors);
    checkOneCommodity(booked, null, run.errors);
    checkSellGains(booked, run.options, run.errors);
    checkUniquePrices(booked, run.errors, run.plugin.src);
  },
};
