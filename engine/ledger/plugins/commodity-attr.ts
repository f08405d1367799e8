/**
 * beancount.plugins.commodity_attr: commodity directives must carry the metadata attributes named
 * in the config, a dict `{'name': None, 'class': ('Stock', 'Bond')}`: None accepts any value, a
 * list, tuple or set lists the valid values.
 */
import { PluginErrors } from './errors';
import { pyTypeName } from './literal';
import { ConfigError, type PluginDef } from './types';
import { literalConfig, metaGet } from './util';

type Attrs = [string, string[] | null][];

export const commodityAttrPlugin: PluginDef<Attrs> = {
  module: 'beancount.plugins.commodity_attr',
  config: "a dict of attribute name to None (any value) or a list of valid values, e.g. {'name': None, 'class': ('Stock', 'Bond')}",
  description: 'checks that commodity directives carry the given metadata attributes, with valid values',
  parseConfig: (raw) => {
    const v = literalConfig(raw);
    if (v.t !== 'dict') throw new ConfigError(`expected a dict, found a ${pyTypeName(v)}`);
    return v.entries.map(([k, x]) => {
      if (k.t !== 'str') throw new ConfigError(`attribute names must be strings, found a ${pyTypeName(k)}`);
      if (x.t === 'none') return [k.v, null];
      if (x.t !== 'list' && x.t !== 'tuple' && x.t !== 'set') throw new ConfigError(`the values of '${k.v}' must be None or a list, found a ${pyTypeName(x)}`);
      return [k.v, x.items.map((i) => (i.t === 'str' || i.t === 'num' ? String(i.v) : pyTypeName(i)))];
    });
  },
  validate: (booked, attrs, run) => {
    for (const e of booked.entries) {
      const d = e.directive;
      if (d.type !== 'commodity') continue;
      for (const [attr, values] of attrs) {
        const m = metaGet(d.meta, attr);
        if (!m || m.kind === 'null') run.errors.push(PluginErrors.missingAttribute(d, attr, d.currency));
        else if (values && values.length && !values.includes(m.text)) run.errors.push(PluginErrors.invalidAttribute(d, m.text, attr, d.currency, values));
      }
    }
  },
};
