/**
 * What the app knows about the served ledger: its status (file, counts, reload problems, kept
 * current by reload events), the operating currency (the chart rule's default currency) and the
 * query schema (editor completion and the reference panel). Fetched lazily, once; the currency
 * again after each reload, since the options may have changed.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { LedgerStatus, Schema } from '../../engine/api-types';
import { problemText } from '../api/client';
import { api } from '../api/instance';
import { subscribeToReloads } from '../api/events';

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
    if (unsubscribe === null) unsubscribe = subscribeToReloads((_event, s) => applyStatus(s));
    const r = await api().status();
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

  return { status, statusProblem, operatingCurrency, schema, schemaProblem, start, loadSchema };
});
