/** The registry table and the README's Plugins section list the same plugins; names resolve. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlugin, PLUGINS } from '../../../../engine/ledger/plugins/registry';

const readme = readFileSync(join(__dirname, '../../../../README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Plugins'), readme.indexOf('\n## ', readme.indexOf('## Plugins') + 1));

describe('plugin registry', () => {
  it('the README lists every plugin of the table, and nothing else', () => {
    const listed = [...section.matchAll(/^\| `([\w.]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(PLUGINS.map((p) => p.module));
  });
  it('module names are unique and each has a config and a description', () => {
    expect(new Set(PLUGINS.map((p) => p.module)).size).toBe(PLUGINS.length);
    for (const p of PLUGINS) {
      expect(p.config.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.transform || p.validate || p.implicitPrices || p.module.startsWith('beancount.ops.') || p.module === 'fava.plugins.tag_discovered_documents').toBeTruthy();
    }
  });
  it('finds full and short names, not unknown modules', () => {
    expect(findPlugin('beancount.plugins.leafonly')?.module).toBe('beancount.plugins.leafonly');
    expect(findPlugin('leafonly')?.module).toBe('beancount.plugins.leafonly');
    expect(findPlugin('beancount.ops.pad')?.module).toBe('beancount.ops.pad');
    expect(findPlugin('beancount_reds_plugins.effective_date.effective_date')).toBeUndefined();
    expect(findPlugin('pad')).toBeUndefined();
  });
});
