/**
 * The Query page remembers the last editor text and a short history of run queries across
 * restarts (localStorage in the browser and in Electron). Storage may be missing, full or hold
 * garbage written by an older version: every read is checked and every failure ignored, since
 * losing the history is better than a page that does not open.
 */

/** The part of the Web Storage interface used here (injected, so tests use a plain map). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const LAST_QUERY_KEY = 'ledger-query.explore.last';
export const HISTORY_KEY = 'ledger-query.explore.history';
/** Choice: 20 entries, enough to find yesterday's query without a long menu. */
export const HISTORY_LIMIT = 20;
/** Texts longer than this are not kept in the history (the last text is still remembered). */
export const HISTORY_MAX_TEXT = 16 * 1024;

function safeGet(store: KeyValueStore | null, key: string): string | null {
  try {
    return store === null ? null : store.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(store: KeyValueStore | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the page works without memory.
  }
}

export function loadLastQuery(store: KeyValueStore | null): string | null {
  return safeGet(store, LAST_QUERY_KEY);
}

export function saveLastQuery(store: KeyValueStore | null, text: string): void {
  safeSet(store, LAST_QUERY_KEY, text);
}

export function loadHistory(store: KeyValueStore | null): string[] {
  const raw = safeGet(store, HISTORY_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** The history with `text` moved (or added) to the front; blank and very long texts are not kept. */
export function withEntry(history: readonly string[], text: string, limit = HISTORY_LIMIT): string[] {
  const t = text.trim();
  if (t === '' || t.length > HISTORY_MAX_TEXT) return history.slice(0, limit);
  const out = [t];
  for (const h of history) {
    if (out.length >= limit) break;
    if (h !== t) out.push(h);
  }
  return out;
}

export function saveHistory(store: KeyValueStore | null, history: readonly string[]): void {
  safeSet(store, HISTORY_KEY, JSON.stringify(history));
}

/** localStorage if the environment has a usable one, else null. */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
