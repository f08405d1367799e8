/**
 * beancount.plugins.merge_meta: reads another ledger file (config: its path; relative paths are
 * read from the directory of the file holding the `plugin` line, where Beancount reads them from
 * the working directory) and merges the metadata of its open, close and commodity directives into
 * this ledger's directives for the same accounts and currencies (its values win). Errors of the
 * other file are reported, as Beancount does.
 */
import * as nodePath from 'node:path';
import type { DirectiveAst, Meta } from '../ast';
import { loadFiles } from '../load';
import { PluginErrors } from './errors';
import { ConfigError, type PluginDef } from './types';

function merge(meta: Meta, ext: Meta): Meta {
  if (ext.length === 0) return meta;
  const keys = new Set(ext.map((m) => m.key));
  return [...meta.filter((m) => !keys.has(m.key)), ...ext];
}

export const mergeMetaPlugin: PluginDef<string> = {
  module: 'beancount.plugins.merge_meta',
  config: 'the path of another ledger file',
  description: 'merges the metadata of open, close and commodity directives from another file',
  parseConfig: (raw) => {
    if (!raw || !raw.trim()) throw new ConfigError('the path of a ledger file is required');
    return raw.trim();
  },
  transform: (directives, file, run) => {
    const path = nodePath.resolve(nodePath.dirname(run.plugin.src.file), file);
    const ext = loadFiles(path, run.readFile);
    if (ext.files.length === 0 || ext.errors.some((e) => e.kind === 'FileNotFound')) {
      run.errors.push(PluginErrors.mergeMeta({ src: run.plugin.src, date: null }, `merge_meta: cannot read ${path}; no metadata is merged`));
      return directives;
    }
    run.errors.push(...ext.errors);
    const opens = new Map<string, Meta>();
    const closes = new Map<string, Meta>();
    const commodities = new Map<string, Meta>();
    for (const d of ext.directives) {
      if (d.type === 'open' && !opens.has(d.account)) opens.set(d.account, d.meta);
      else if (d.type === 'close' && !closes.has(d.account)) closes.set(d.account, d.meta);
      else if (d.type === 'commodity') commodities.set(d.currency, d.meta);
    }
    const seenOpen = new Set<string>();
    const seenClose = new Set<string>();
    return directives.map((d): DirectiveAst => {
      if (d.type === 'open' && opens.has(d.account) && !seenOpen.has(d.account)) {
        seenOpen.add(d.account);
        return { ...d, meta: merge(d.meta, opens.get(d.account)!) };
      }
      if (d.type === 'close' && closes.has(d.account) && !seenClose.has(d.account)) {
        seenClose.add(d.account);
        return { ...d, meta: merge(d.meta, closes.get(d.account)!) };
      }
      if (d.type === 'commodity' && commodities.has(d.currency)) return { ...d, meta: merge(d.meta, commodities.get(d.currency)!) };
      return d;
    });
  },
};
