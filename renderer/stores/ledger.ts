/**
 * What the app knows about the served ledger: its status (file, counts, reload problems, kept
 * current by reload events), the operating currency (the chart rule's default currency) and the
 * query schema (editor completion and the reference panel). Fetched lazily, once; the currency
 * again after each reload, since the options may have changed.
 *
 * Progress: `progress` says whether the shell shows "Loading ledger…" (nothing known yet, or the
 * first load still running) or "Reloading ledger…" (a reload runs; pages keep the old figures).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { LedgerStatus, Schema } from '../../engine/api-types';
import { problemText } from '../api/client';
import { api } from '../api/instance';
import { subscribeToReloads } from '../api/events';

/** What the shell's progress indicator shows; null: nothing is being loaded. */
export type LoadProgress = 'loading' | 'reloading' | null;

/**
 * `loading` while the app knows of no loaded ledger yet and nothing went wrong (before the
 * first status arrives, or while a first load runs); `reloading` while a reload replaces a
 * served snapshot.
 */
export function progressOf(status: LedgerStatus | null, statusProblem: string | null): LoadProgress {
  if (status === null) return statusProblem === null ? 'loading' : null;
  if (!status.loading) return null;
  return status.generation === 0 ? 'loading' : 'reloading';
}

export const PROGRESS_TEXT: Record<Exclude<LoadProgress, null>, string> = {
  loading: 'Loading ledger…',
  reloading: 'Reloading ledger…',
};

/**
 * How far a load has read, in words beside the progress text ("42% · 3 of 10 files"): the
 * server's estimate from the previous load (issue 15). Null when the status says nothing (the
 * first load, an in-process server, an older server).
 */
export function progressDetail(status: LedgerStatus | null): string | null {
  const p = status?.loading ? status.progress : undefined;
  if (!p || p.files_read === 0) return null;
  const files = p.files_total === null ? `${p.files_read} ${p.files_read === 1 ? 'file' : 'files'} read` : `${p.files_read} of ${p.files_total} files`;
  return p.percent === null ? files : `${p.percent}% · ${files}`;
}

/** The determinate bar's fill (0-99), or null for the running (indeterminate) bar. */
export function progressPercent(status: LedgerStatus | null): number | null {
  return status?.loading ? (status.progress?.percent ?? null) : null;
}

function todayText(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const useLedgerStore = defineStore('ledger', () => {
  const status = shallowRef<LedgerStatus | null>(null);
  const statusProblem = ref<string | null>(null);
  const operatingCurrency = ref<string | null>(null);
  const schema = shallowRef<Schema | null>(null);
  const schemaProblem = ref<string | null>(null);
  let schemaLoading: Promise<void> | null = null;
  let currencyGeneration = -1;
  let unsubscribe: (() => void) | null = null;
  /** Events received so far: a status answer is stale if an event came after its request. */
  let eventCount = 0;

  const progress = computed<LoadProgress>(() => progressOf(status.value, statusProblem.value));

  async function refreshCurrency(generation: number): Promise<void> {
    if (generation === currencyGeneration) return;
    currencyGeneration = generation;
    const r = await api().operatingCurrency(todayText());
    // No currency (endpoint missing, no option): the chart falls back to the most common one.
    operatingCurrency.value = r.ok ? r.data : null;
  }

  function applyStatus(s: LedgerStatus): void {
    status.value = s;
    statusProblem.value = null;
    if (s.generation > 0) void refreshCurrency(s.generation);
  }

  async function start(): Promise<void> {
    if (unsubscribe === null) {
      unsubscribe = subscribeToReloads((_event, s) => {
        eventCount++;
        applyStatus(s);
      });
    }
    const before = eventCount;
    const r = await api().status();
    // The answer and the events travel on different connections: an event that arrived while
    // the request was out is at least as new (every change sends one), and applying the answer
    // over it could, e.g., leave `loading` set after the `reload` event had cleared it.
    if (eventCount !== before) return;
    if (r.ok) applyStatus(r.data);
    else statusProblem.value = problemText(r.problem);
  }

  function loadSchema(): Promise<void> {
    if (schema.value !== null) return Promise.resolve();
    if (schemaLoading === null) {
      schemaLoading = api()
        .schema()
        .then((r) => {
          if (r.ok) {
            schema.value = r.data;
            schemaProblem.value = null;
          } else schemaProblem.value = problemText(r.problem);
        })
        .finally(() => {
          schemaLoading = null;
        });
    }
    return schemaLoading;
  }

  return { status, statusProblem, progress, operatingCurrency, schema, schemaProblem, start, loadSchema };
});
