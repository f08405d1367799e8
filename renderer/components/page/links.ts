/**
 * Links between the report pages, as named routes: the router encodes the parameter itself, so
 * an account keeps its colons in the address bar (`/accounts/Assets:Bank`) and any other
 * character a name may hold (non-ASCII letters, `/` in a budget name) is encoded once.
 */
import type { RouteLocationRaw } from 'vue-router';

export const accountLink = (account: unknown): RouteLocationRaw => ({ name: 'account', params: { account: String(account) } });

export const commodityLink = (name: unknown): RouteLocationRaw => ({ name: 'commodity', params: { name: String(name) } });

export const budgetLink = (name: unknown, month: string): RouteLocationRaw => ({ name: 'budget', params: { name: String(name) }, query: { month: month.slice(0, 7) } });
