/**
 * GET /api/commodities/display: how many places (and which rounding, prefix, suffix) the UI
 * writes numbers of each currency with (engine/ledger/display.ts). Not a figure: it only shapes
 * text, so it is read from the snapshot rather than through a built-in query.
 */
import { COMMODITY_DISPLAY_PATH } from '../../../engine/api-types';
import { commodityDisplays } from '../../../engine/ledger/display';
import type { RouteModule } from '../app';

export const commodityDisplayRoutes: RouteModule = (routes) => {
  routes.get(COMMODITY_DISPLAY_PATH, (c) => ({ data: commodityDisplays(c.snapshot) }));
};
