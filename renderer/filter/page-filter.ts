/**
 * The page filter's state (issue 16 §1): Fava's `time`, `account` and `filter`, kept in the URL's
 * query string so back/forward, bookmarks and shared links keep it. The URL is the only source:
 * `pageFilter` mirrors the current route's three parameters, every page request adds them
 * (components/page/page-api.ts), and a router guard carries them over to a link that does not name
 * them, so moving between pages keeps the filter without every link having to know about it.
 */
import { computed, reactive } from 'vue';
import type { LocationQuery, LocationQueryRaw, Router } from 'vue-router';
import type { FilterFields } from '../../engine/api-types';

export const FILTER_KEYS = ['time', 'account', 'filter'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filter of the current URL ('' = none). */
export const pageFilter = reactive<Record<FilterKey, string>>({ time: '', account: '', filter: '' });

/** Changes whenever the filter does: pages reload their data on it. */
export const filterKey = computed(() => FILTER_KEYS.map((k) => pageFilter[k]).join('\u0000'));

const one = (v: unknown): string => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : '';
};

export function filterFromQuery(query: LocationQuery): Record<FilterKey, string> {
  return { time: one(query.time).trim(), account: one(query.account).trim(), filter: one(query.filter).trim() };
}

/** The non-empty fields, as request parameters or body fields. */
export function filterFields(f: Record<FilterKey, string> = pageFilter): FilterFields {
  const out: FilterFields = {};
  for (const k of FILTER_KEYS) if (f[k] !== '') out[k] = f[k];
  return out;
}

export function hasFilter(f: Record<FilterKey, string> = pageFilter): boolean {
  return FILTER_KEYS.some((k) => f[k] !== '');
}

/** A route query with the filter replaced by `f` (empty fields removed). */
export function queryWithFilter(query: LocationQuery | LocationQueryRaw, f: Record<FilterKey, string>): LocationQueryRaw {
  const out: LocationQueryRaw = { ...query };
  for (const k of FILTER_KEYS) {
    if (f[k] !== '') out[k] = f[k];
    else delete out[k];
  }
  return out;
}

/** Set just before a navigation that means to change (or clear) the filter: the guard leaves it alone. */
let explicit = false;

export function navigateWithFilter(router: Router, f: Record<FilterKey, string>): Promise<unknown> {
  explicit = true;
  const route = router.currentRoute.value;
  return router.push({ path: route.path, query: queryWithFilter(route.query, f), hash: route.hash }).finally(() => {
    explicit = false;
  });
}

/**
 * Keeps the filter across navigation: a link without any of the three parameters gets the
 * current ones. The mirror `pageFilter` follows every finished navigation (back/forward too).
 */
export function installFilterRouting(router: Router): void {
  router.beforeEach((to, from) => {
    if (explicit) return true;
    if (FILTER_KEYS.some((k) => k in to.query)) return true;
    const carried = filterFromQuery(from.query);
    if (!hasFilter(carried)) return true;
    return { path: to.path, query: queryWithFilter(to.query, carried), hash: to.hash };
  });
  router.afterEach((to) => Object.assign(pageFilter, filterFromQuery(to.query)));
}
