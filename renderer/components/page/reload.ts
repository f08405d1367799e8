/**
 * Page data that follows the ledger: `load` runs when the page opens, whenever its inputs change,
 * and again after each reload event (a new snapshot generation). The figures already on screen
 * stay until the new answer arrives, so a reload keeps the page, its scroll position and its
 * paging; only a failed answer replaces them with the problem.
 */
import { onMounted, ref, watch, type Ref, type WatchSource } from 'vue';
import { storeToRefs } from 'pinia';
import { problemText, type ApiResult } from '../../api/client';
import { useLedgerStore } from '../../stores/ledger';
import { filterKey } from '../../filter/page-filter';

export interface Loaded<T> {
  data: Ref<T | null>;
  problem: Ref<string | null>;
  loading: Ref<boolean>;
  reload: () => Promise<void>;
}

/** The ledger generation (0 while nothing is loaded). */
export function useGeneration(): Ref<number> {
  const ledger = useLedgerStore();
  const { status } = storeToRefs(ledger);
  const generation = ref(status.value?.generation ?? 0);
  watch(status, (s) => {
    if (s !== null && s.generation !== generation.value) generation.value = s.generation;
  });
  return generation;
}

export function useLoaded<T>(load: (generation: number) => Promise<ApiResult<T>>, inputs: WatchSource[] = []): Loaded<T> {
  const data = ref<T | null>(null) as Ref<T | null>;
  const problem = ref<string | null>(null);
  const loading = ref(false);
  const generation = useGeneration();
  let token = 0;

  async function reload(): Promise<void> {
    const mine = ++token;
    loading.value = true;
    const r = await load(generation.value);
    // A later request (new inputs or another reload) supersedes this one.
    if (mine !== token) return;
    loading.value = false;
    if (r.ok) {
      data.value = r.data;
      problem.value = null;
    } else {
      data.value = null;
      problem.value = problemText(r.problem);
    }
  }

  onMounted(() => void reload());
  // The page filter (in the URL) is an input of every page: its requests carry it.
  watch([...inputs, filterKey], () => void reload());
  watch(generation, (now, before) => {
    // The first status after opening the app (0 -> N) describes the snapshot the opening load
    // already read; loading again is only needed if that load failed (e.g. nothing was loaded yet).
    if (before === 0 && problem.value === null && (data.value !== null || loading.value)) return;
    if (now !== before) void reload();
  });
  return { data, problem, loading, reload };
}
