import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { LedgerStatus, ServerEventName } from '../../../engine/api-types';
import type { ApiResult } from '../../../renderer/api/client';

// The store talks to the server through api() and subscribeToReloads: both replaced here, so a
// test decides when answers and events arrive and in which order.
const fake = vi.hoisted(() => ({
  listener: null as null | ((event: ServerEventName, status: LedgerStatus) => void),
  statusAnswers: [] as Array<(r: ApiResult<LedgerStatus>) => void>,
  currencyCalls: [] as string[],
}));
vi.mock('../../../renderer/api/events', () => ({
  subscribeToReloads: (l: (event: ServerEventName, status: LedgerStatus) => void) => {
    fake.listener = l;
    return () => {
      fake.listener = null;
    };
  },
}));
vi.mock('../../../renderer/api/instance', () => ({
  api: () => ({
    status: () => new Promise<ApiResult<LedgerStatus>>((resolve) => fake.statusAnswers.push(resolve)),
    operatingCurrency: (today: string) => {
      fake.currencyCalls.push(today);
      return Promise.resolve({ ok: true, data: 'USD' });
    },
  }),
}));

import { PROGRESS_TEXT, progressDetail, progressOf, progressPercent, useLedgerStore } from '../../../renderer/stores/ledger';

function status(over: Partial<LedgerStatus> = {}): LedgerStatus {
  return {
    generation: 1,
    file: '/l/main.bean',
    loaded_at: 1_700_000_000_000,
    load_ms: 900,
    error_count: 0,
    transaction_count: 10,
    file_count: 1,
    problem: null,
    loading: false,
    ...over,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  setActivePinia(createPinia());
  fake.listener = null;
  fake.statusAnswers.length = 0;
  fake.currencyCalls.length = 0;
});

describe('progressOf', () => {
  it('says loading before anything is known, reloading while a served ledger is replaced', () => {
    expect(progressOf(null, null)).toBe('loading');
    // A failed status request is shown as that problem, not as endless loading.
    expect(progressOf(null, 'the server did not answer')).toBeNull();
    expect(progressOf(status({ generation: 0, loaded_at: null, load_ms: null, transaction_count: 0, loading: true }), null)).toBe('loading');
    expect(progressOf(status({ generation: 3, loading: true }), null)).toBe('reloading');
    expect(progressOf(status({ generation: 3 }), null)).toBeNull();
    // A first load that failed: nothing is loading, the problem is shown instead.
    expect(progressOf(status({ generation: 0, problem: { message: 'gone', at: 1 } }), null)).toBeNull();
  });

  it('has the words the shell shows', () => {
    expect(PROGRESS_TEXT).toEqual({ loading: 'Loading ledger…', reloading: 'Reloading ledger…' });
  });
});

describe('progressDetail', () => {
  it('words how far a reload has read; nothing before a file is read or when not loading', () => {
    expect(progressDetail(null)).toBeNull();
    expect(progressDetail(status({ loading: true }))).toBeNull();
    expect(progressDetail(status({ loading: true, progress: { files_read: 0, files_total: 10, percent: 0 } }))).toBeNull();
    expect(progressDetail(status({ loading: true, progress: { files_read: 3, files_total: 10, percent: 42 } }))).toBe('42% · 3 of 10 files');
    // The first load knows no totals.
    expect(progressDetail(status({ generation: 0, loading: true, progress: { files_read: 1, files_total: null, percent: null } }))).toBe('1 file read');
    expect(progressDetail(status({ loading: false, progress: { files_read: 3, files_total: 10, percent: 42 } }))).toBeNull();
    expect(progressPercent(status({ loading: true, progress: { files_read: 3, files_total: 10, percent: 42 } }))).toBe(42);
    expect(progressPercent(status({ loading: true, progress: { files_read: 3, files_total: null, percent: null } }))).toBeNull();
  });

  it('follows the loading events of the store', () => {
    const ledger = useLedgerStore();
    void ledger.start();
    fake.listener!('status', status());
    fake.listener!('loading', status({ loading: true, progress: { files_read: 0, files_total: null, percent: null } }));
    expect(progressDetail(ledger.status)).toBeNull();
    fake.listener!('loading', status({ loading: true, progress: { files_read: 4, files_total: 10, percent: 57 } }));
    expect(ledger.progress).toBe('reloading');
    expect(progressDetail(ledger.status)).toBe('57% · 4 of 10 files');
    fake.listener!('reload', status({ generation: 2 }));
    expect(progressDetail(ledger.status)).toBeNull();
  });
});

describe('ledger store progress', () => {
  it('loading until the first status, reloading between the loading and reload events', async () => {
    const ledger = useLedgerStore();
    expect(ledger.progress).toBe('loading');
    const started = ledger.start();
    expect(ledger.progress).toBe('loading');
    fake.statusAnswers[0]({ ok: true, data: status() });
    await started;
    expect(ledger.progress).toBeNull();
    expect(ledger.status?.generation).toBe(1);

    fake.listener!('loading', status({ loading: true }));
    expect(ledger.progress).toBe('reloading');
    // The old figures stay meanwhile.
    expect(ledger.status).toMatchObject({ generation: 1, transaction_count: 10 });

    fake.listener!('reload', status({ generation: 2, transaction_count: 11 }));
    expect(ledger.progress).toBeNull();
    expect(ledger.status).toMatchObject({ generation: 2, transaction_count: 11 });
  });

  it('a failed reload ends the progress and keeps the problem', () => {
    const ledger = useLedgerStore();
    void ledger.start();
    fake.listener!('status', status());
    fake.listener!('loading', status({ loading: true }));
    expect(ledger.progress).toBe('reloading');
    fake.listener!('problem', status({ problem: { message: 'ledger file not found: /l/main.bean', at: 5 } }));
    expect(ledger.progress).toBeNull();
    expect(ledger.status?.problem?.message).toBe('ledger file not found: /l/main.bean');
  });

  it('a status answer older than an event that arrived meanwhile is dropped', async () => {
    const ledger = useLedgerStore();
    const started = ledger.start();
    // The answer was made while a reload ran; the reload's events overtake it.
    fake.listener!('loading', status({ loading: true }));
    fake.listener!('reload', status({ generation: 2, transaction_count: 11 }));
    fake.statusAnswers[0]({ ok: true, data: status({ loading: true }) });
    await started;
    expect(ledger.progress).toBeNull();
    expect(ledger.status).toMatchObject({ generation: 2, loading: false });
  });

  it('a failed status request shows its problem, and the next event replaces it', async () => {
    const ledger = useLedgerStore();
    const started = ledger.start();
    fake.statusAnswers[0]({ ok: false, problem: { kind: 'network', message: 'the server did not answer: refused' } });
    await started;
    expect(ledger.statusProblem).toBe('the server did not answer: refused');
    expect(ledger.progress).toBeNull();
    fake.listener!('status', status({ generation: 0, loaded_at: null, load_ms: null, transaction_count: 0, loading: true }));
    expect(ledger.statusProblem).toBeNull();
    expect(ledger.progress).toBe('loading');
  });

  it('a loading event does not fetch the operating currency again (same generation)', async () => {
    const ledger = useLedgerStore();
    void ledger.start();
    fake.listener!('status', status());
    fake.listener!('loading', status({ loading: true }));
    await tick();
    expect(fake.currencyCalls).toHaveLength(1);
    fake.listener!('reload', status({ generation: 2 }));
    await tick();
    expect(fake.currencyCalls).toHaveLength(2);
  });
});
