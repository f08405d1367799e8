/**
 * Window title of a detail page (account, budget, commodity): the router sets the page kind
 * ("Account · Ledger Query"); the page then names what it shows, so windows and history entries
 * are told apart.
 */
import { watch, type WatchSource } from 'vue';

export function usePageTitle(title: WatchSource<string>): void {
  watch(title, (t) => (document.title = `${t} · Ledger Query`), { immediate: true, flush: 'post' });
}
