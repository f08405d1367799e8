/**
 * GET /api/plugins: the plugins the app runs natively (engine/ledger/plugins/registry.ts), so the
 * errors page can answer an UnsupportedPlugin error with what is supported. Not a ledger figure:
 * the list is the program's, the same for every ledger.
 */
import { PLUGINS_PATH, type PluginInfo, type PluginsBody } from '../../../engine/api-types';
import { PLUGINS } from '../../../engine/ledger/plugins/registry';
import type { RouteModule } from '../app';

export function pluginList(): PluginInfo[] {
  return PLUGINS.map((p) => {
    const short = /^beancount\.plugins\.(\w+)$/.exec(p.module);
    return { module: p.module, aliases: [...(p.aliases ?? []), ...(short ? [short[1]] : [])], config: p.config, description: p.description };
  });
}

export const pluginRoutes: RouteModule = (routes) => {
  routes.get(PLUGINS_PATH, (): PluginsBody => ({ data: pluginList() }));
};
