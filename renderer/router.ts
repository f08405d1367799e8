/**
 * Client routes. Each page is one folder under pages/, loaded on first visit. Pages of later
 * issues (dashboard, journal, accounts, budgets, ...) add a route here and an entry to `NAV`.
 *
 * History mode: headless, the server answers index.html for every path without a file
 * extension (main/server/static.ts); from a file:// URL (Electron) history paths do not
 * resolve, so the hash mode is used there.
 */
import { createRouter, createWebHashHistory, createWebHistory, type RouteRecordRaw } from 'vue-router';

export interface NavEntry {
  to: string;
  label: string;
}

export const NAV: readonly NavEntry[] = [{ to: '/explore', label: 'Query' }];

const routes: RouteRecordRaw[] = [
  // Until the dashboard exists the Query page is the start page.
  { path: '/', redirect: '/explore' },
  { path: '/explore', name: 'explore', component: () => import('./pages/query/QueryPage.vue'), meta: { title: 'Query' } },
  { path: '/:rest(.*)*', name: 'not-found', component: () => import('./pages/not-found/NotFoundPage.vue'), meta: { title: 'Not found' } },
];

const fileUrl = typeof location !== 'undefined' && location.protocol === 'file:';

export const router = createRouter({
  history: fileUrl ? createWebHashHistory() : createWebHistory(),
  routes,
});

router.afterEach((to) => {
  const title = typeof to.meta.title === 'string' ? to.meta.title : '';
  document.title = title ? `${title} · Ledger Query` : 'Ledger Query';
});
