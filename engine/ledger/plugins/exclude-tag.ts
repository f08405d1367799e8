/** beancount.plugins.exclude_tag: drops every transaction tagged #virtual (the tag is fixed, as in Beancount). */
import type { PluginDef } from './types';

export const excludeTagPlugin: PluginDef = {
  module: 'beancount.plugins.exclude_tag',
  config: 'none (the tag is always #virtual)',
  description: 'removes transactions tagged #virtual',
  transform: (directives) => directives.filter((d) => d.type !== 'transaction' || !d.tags.includes('virtual')),
};
