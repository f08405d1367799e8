/**
 * State of the Query page: the editor text, the last run (result or problem), and the memory of
 * texts across restarts (last text, short history). Running is explicit only (button or
 * Ctrl/Cmd+Enter, spec 1 item 5): nothing here runs on a text change. A later run supersedes an
 * earlier one still in flight; only the latest answer is shown.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { QueryResult } from '../../engine/api-types';
import type { Problem } from '../api/client';
import { api } from '../api/instance';
import { browserStore, loadHistory, loadLastQuery, saveHistory, saveLastQuery, withEntry } from '../lib/query-memory';
import { saveTextFile } from '../lib/download';

export const DEFAULT_QUERY = 'SELECT account, sum(position)\nGROUP BY account\nORDER BY account';

export const useQueryStore = defineStore('query', () => {
  const store = browserStore();
  const text = ref(loadLastQuery(store) ?? DEFAULT_QUERY);
  const history = ref<string[]>(loadHistory(store));
  /** Text of the run whose answer is shown (the error position refers to it). */
  const ranText = ref<string | null>(null);
  const result = shallowRef<QueryResult | null>(null);
  const problem = shallowRef<Problem | null>(null);
  const running = ref(false);
  const elapsedMs = ref<number | null>(null);
  const exporting = ref(false);
  let runToken = 0;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;

  function setText(t: string): void {
    text.value = t;
    // Writing localStorage on every keystroke is wasted work; a short pause is enough.
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => saveLastQuery(store, text.value), 300);
  }

  // A text typed just before closing the window is still remembered.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      if (saveTimer !== null) saveLastQuery(store, text.value);
    });
  }

  async function run(queryText: string = text.value): Promise<void> {
    const token = ++runToken;
    running.value = true;
    saveLastQuery(store, queryText);
    history.value = withEntry(history.value, queryText);
    saveHistory(store, history.value);
    const t0 = performance.now();
    const r = await api().query(queryText);
    if (token !== runToken) return;
    running.value = false;
    elapsedMs.value = Math.round(performance.now() - t0);
    ranText.value = queryText;
    if (r.ok) {
      result.value = r.data;
      problem.value = null;
    } else {
      result.value = null;
      problem.value = r.problem;
    }
  }

  /** CSV of the editor text without running it first (spec 1, CSV export rule 1). */
  async function exportCsv(queryText: string = text.value): Promise<void> {
    exporting.value = true;
    try {
      const r = await api().queryCsv(queryText);
      if (r.ok) saveTextFile('query.csv', r.data, 'text/csv;charset=utf-8');
      else {
        ranText.value = queryText;
        problem.value = r.problem;
        result.value = null;
      }
    } finally {
      exporting.value = false;
    }
  }

  return { text, history, ranText, result, problem, running, elapsedMs, exporting, setText, run, exportCsv };
});
