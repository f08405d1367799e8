/**
 * Client routes. Each page is one folder under pages/, loaded on first visit. Pages of later
 * issues (dashboard, journal, accounts, budgets, ...) add a route here and an entry to `NAV`.
 *
 * History mode: headless, the server answers index.html for every path without a file
 * extension (main/server/static.ts); from a file:// URL (Electron) history paths do not
 * resolve, so the hash mode is used there.
 */
import { createRouter, createWebHashHistory, createWebHistory, type RouteRecordRaw } from 'vue-router';
import { installFilterRouting } from './filter/page-filter';

export interface NavEntry {
  to: string;
  label: string;
}

export const NAV: readonly NavEntry[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/report', label: 'Report' },
  { to: '/balance-sheet', label: 'Balance sheet' },
  { to: '/income-statement', label: 'Income statement' },
  { to: '/trial-balance', label: 'Trial balance' },
  { to: '/holdings', label: 'Holdings' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/journal', label: 'Journal' },
  { to: '/budgets', label: 'Budgets' },
  { to: '/commodities', label: 'Commodities' },
  { to: '/documents', label: 'Documents' },
  { to: '/errors', label: 'Errors' },
  { to: '/explore', label: 'Query' },
];

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/dashboard' },
  { path: '/dashboard', name: 'dashboard', component: () => import('./pages/dashboard/DashboardPage.vue'), meta: { title: 'Dashboard' } },
  { path: '/report', name: 'report', component: () => import('./pages/report/ReportPage.vue'), meta: { title: 'Report' } },
  { path: '/balance-sheet', name: 'balance-sheet', component: () => import('./pages/statements/StatementPage.vue'), meta: { title: 'Balance sheet', statement: 'balance-sheet' } },
  { path: '/income-statement', name: 'income-statement', component: () => import('./pages/statements/StatementPage.vue'), meta: { title: 'Income statement', statement: 'income-statement' } },
  { path: '/trial-balance', name: 'trial-balance', component: () => import('./pages/statements/StatementPage.vue'), meta: { title: 'Trial balance', statement: 'trial-balance' } },
  { path: '/holdings', name: 'holdings', component: () => import('./pages/statements/HoldingsPage.vue'), meta: { title: 'Holdings' } },
  { path: '/accounts', name: 'accounts', component: () => import('./pages/accounts/AccountsPage.vue'), meta: { title: 'Accounts' } },
  { path: '/accounts/:account', name: 'account', component: () => import('./pages/accounts/AccountPage.vue'), meta: { title: 'Account' } },
  { path: '/journal', name: 'journal', component: () => import('./pages/journal/JournalPage.vue'), meta: { title: 'Journal' } },
  { path: '/budgets', name: 'budgets', component: () => import('./pages/budgets/BudgetsPage.vue'), meta: { title: 'Budgets' } },
  { path: '/budgets/:name', name: 'budget', component: () => import('./pages/budgets/BudgetPage.vue'), meta: { title: 'Budget' } },
  { path: '/commodities', name: 'commodities', component: () => import('./pages/commodities/CommoditiesPage.vue'), meta: { title: 'Commodities' } },
  { path: '/commodities/:name', name: 'commodity', component: () => import('./pages/commodities/CommodityPage.vue'), meta: { title: 'Commodity' } },
  { path: '/documents', name: 'documents', component: () => import('./pages/documents/DocumentsPage.vue'), meta: { title: 'Documents' } },
  { path: '/errors', name: 'errors', component: () => import('./pages/errors/ErrorsPage.vue'), meta: { title: 'Errors' } },
  { path: '/explore', name: 'explore', component: () => import('./pages/query/QueryPage.vue'), meta: { title: 'Query' } },
  { path: '/:rest(.*)*', name: 'not-found', component: () => import('./pages/not-found/NotFoundPage.vue'), meta: { title: 'Not found' } },
];

const fileUrl = typeof location !== 'undefined' && location.protocol === 'file:';

export const router = createRouter({
  history: fileUrl ? createWebHashHistory() : createWebHistory(),
  routes,
});

// The page filter (time, account, filter) lives in the query string and follows every link.
installFilterRouting(router);

router.afterEach((to) => {
  const title = typeof to.meta.title === 'string' ? to.meta.title : '';
  document.title = title ? `${title} · Ledger Query` : 'Ledger Query';
});
