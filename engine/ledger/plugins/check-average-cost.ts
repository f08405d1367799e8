/**
 * beancount.plugins.check_average_cost: on accounts booked with method NONE, a reducing posting's
 * cost must be within a tolerance (config: a float, default 0.01 = 1%) of the average cost of the
 * units held before it (per account, currency and cost currency). The bounds are computed in
 * exact decimals from the written tolerance (Beancount multiplies by a binary float's expansion).
 */
import { Dec } from '../../decimal';
import { PluginErrors } from './errors';
import { pyTypeName } from './literal';
import { ConfigError, type PluginDef } from './types';
import { literalConfig } from './util';

export const checkAverageCostPlugin: PluginDef<Dec> = {
  module: 'beancount.plugins.check_average_cost',
  config: 'optional: a float, the relative tolerance (default 0.01)',
  description: 'on accounts with booking NONE, checks reducing postings against the average cost',
  parseConfig: (raw) => {
    if (raw === null || raw.trim() === '') return Dec.of('0.01');
    const v = literalConfig(raw);
    if (v.t !== 'num' || !v.float) throw new ConfigError(`must be a float, found ${v.t === 'num' ? 'an int' : 'a ' + pyTypeName(v)}`);
    const d = Dec.parse(v.v.replace(/^\+/, '').replace(/^(-?)\./, '$10.'));
    if (!d) throw new ConfigError(`must be a plain decimal float, found ${v.v}`);
    return d;
  },
  validate: (booked, tolerance, run) => {
    const none = new Set<string>();
    for (const [name, info] of booked.accounts) if (info.opens[0]?.booking === 'NONE') none.add(name);
    if (none.size === 0) return;
    const lo = Dec.ONE.minus(tolerance);
    const hi = Dec.ONE.plus(tolerance);
    const held = new Map<string, { units: Dec; cost: Dec }>();
    for (const t of booked.transactions) {
      for (const p of t.postings) {
        if (!none.has(p.account)) continue;
        const key = `${p.account}|${p.units.currency}|${p.cost ? p.cost.currency : ''}`;
        const h = held.get(key) ?? { units: Dec.ZERO, cost: Dec.ZERO };
        if (p.units.number.isNeg() && p.cost && !h.units.isZero()) {
          const avg = h.cost.div(h.units);
          if (avg && (p.cost.number.cmp(avg.times(lo)) < 0 || p.cost.number.cmp(avg.times(hi)) > 0)) {
            run.errors.push(PluginErrors.averageCost({ src: t.src, date: t.date }, p.account, String(p.cost.number), String(avg)));
          }
        }
        held.set(key, { units: h.units.plus(p.units.number), cost: h.cost.plus(p.cost ? p.cost.number.times(p.units.number) : Dec.ZERO) });
      }
    }
  },
};
