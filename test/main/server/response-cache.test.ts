/**
 * The main thread's response cache alone: which requests have a key, epochs (reload, quarter
 * hour), what is never kept, and the byte bound with least-recently-used eviction.
 */
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, EPOCH_MS, MAX_KEY_BODY_BYTES, ResponseCache, type Answer } from '../../../main/server/response-cache';

const JSON_HEADERS: Array<[string, string]> = [['content-type', 'application/json; charset=utf-8']];

function answer(text: string, status = 200, headers = JSON_HEADERS): Answer {
  return { status, headers, body: [new TextEncoder().encode(text).buffer as ArrayBuffer] };
}

const bytesOf = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

describe('cacheKeyOf', () => {
  it('keys the listed GET endpoints by path and query string, and nothing else', () => {
    expect(cacheKeyOf('GET', '/api/errors', '/api/errors?page=1&size=20', null, null)).toBe('GET /api/errors?page=1&size=20');
    for (const p of ['/api/journals', '/api/accounts/Assets:Cash/journals', '/api/statistic/summary', '/api/statistic/expense', '/api/statements/balance-sheet', '/api/query/builtins', '/api/query/saved', '/api/documents', '/api/filter/time']) {
      expect(cacheKeyOf('GET', p, p, null, null), p).not.toBeNull();
    }
    // Downloads read the disk; status and events live on this thread; test probes are unknown.
    for (const p of ['/api/documents/file', '/api/status', '/api/events', '/api/test/who', '/api/nothing', '/api/accounts/a/b/journals']) {
      expect(cacheKeyOf('GET', p, p, null, null), p).toBeNull();
    }
    expect(cacheKeyOf('HEAD', '/api/errors', '/api/errors', null, null)).toBeNull();
    expect(cacheKeyOf('GET', '/api/errors', '/api/errors?page=2', null, null)).not.toBe(cacheKeyOf('GET', '/api/errors', '/api/errors?page=1', null, null));
  });

  it('keys read-only POSTs by content type and body', () => {
    const q = bytesOf('{"query":"SELECT 1"}');
    const k = cacheKeyOf('POST', '/api/query', '/api/query', 'application/json', q);
    expect(k).toBe('POST /api/query\napplication/json\n{"query":"SELECT 1"}');
    expect(cacheKeyOf('POST', '/api/query', '/api/query', 'text/plain', q)).not.toBe(k);
    expect(cacheKeyOf('POST', '/api/query/csv', '/api/query/csv', 'application/json', q)).not.toBe(k);
    expect(cacheKeyOf('POST', '/api/query/builtins/x/text', '/api/query/builtins/x/text', 'application/json', q)).not.toBeNull();
    expect(cacheKeyOf('POST', '/api/auth/login', '/api/auth/login', 'application/json', q)).toBeNull();
    expect(cacheKeyOf('POST', '/api/query', '/api/query', 'application/json', new ArrayBuffer(MAX_KEY_BODY_BYTES + 1))).toBeNull();
  });
});

describe('ResponseCache', () => {
  it('answers a kept 200 in the same epoch and nothing after a reload', () => {
    const cache = new ResponseCache({ now: () => 0 });
    const e1 = cache.epoch(1);
    expect(cache.get(e1, 'k')).toBeUndefined();
    expect(cache.put(e1, 1, 'k', answer('{"data":1}'))).not.toBeNull();
    expect(cache.get(cache.epoch(1), 'k')?.body.toString()).toBe('{"data":1}');
    // Generation 2 published: everything of generation 1 is gone.
    const e2 = cache.epoch(2);
    expect(cache.get(e2, 'k')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('drops everything at each quarter hour of UTC, so a day never starts on an answer of the day before', () => {
    let now = Date.UTC(2026, 10, 25, 23, 59, 59);
    const cache = new ResponseCache({ now: () => now });
    const e = cache.epoch(1);
    cache.put(e, 1, 'today', answer('{"data":"2026-11-25"}'));
    expect(cache.get(cache.epoch(1), 'today')).toBeDefined();
    now = Date.UTC(2026, 10, 26, 0, 0, 0);
    expect(cache.get(cache.epoch(1), 'today')).toBeUndefined();
    // Nepal is UTC+5:45: its midnight is a quarter-hour boundary of UTC too.
    expect(Date.UTC(2026, 10, 25, 18, 15) % EPOCH_MS).toBe(0);
  });

  it('keeps no answer computed across an epoch change, no error, no answer that sets a cookie', () => {
    let now = 0;
    const cache = new ResponseCache({ now: () => now });
    const e = cache.epoch(1);
    expect(cache.put(e, 2, 'reloaded meanwhile', answer('{}'))).toBeNull();
    now = EPOCH_MS;
    expect(cache.put(e, 1, 'new quarter', answer('{}'))).toBeNull();
    const e2 = cache.epoch(1);
    expect(cache.put(e2, 1, 'time limit', answer('{"message":"the query ran longer than 10 s"}', 400))).toBeNull();
    expect(cache.put(e2, 1, 'gone', answer('{"message":"the client went away"}', 499))).toBeNull();
    expect(cache.put(e2, 1, 'cookie', answer('{}', 200, [...JSON_HEADERS, ['Set-Cookie', 'a=b']]))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('joins a body of several chunks once', () => {
    const cache = new ResponseCache({ now: () => 0 });
    const e = cache.epoch(1);
    const kept = cache.put(e, 1, 'k', { status: 200, headers: JSON_HEADERS, body: [bytesOf('{"data":'), bytesOf('[1,2]'), bytesOf('}')] });
    expect(kept?.body.toString()).toBe('{"data":[1,2]}');
  });

  it('stays within its byte bound, evicting the least recently used, and never keeps an entry over the entry limit', () => {
    // Each entry: a 100-byte body and a 1-character key (2 bytes): 102 bytes; 350 bytes hold three.
    const cache = new ResponseCache({ now: () => 0, maxBytes: 350, maxEntryBytes: 200 });
    const e = cache.epoch(1);
    const body = 'x'.repeat(100);
    for (const k of ['a', 'b', 'c']) cache.put(e, 1, k, answer(body));
    expect(cache.bytes).toBe(306);
    expect(cache.get(e, 'a')).toBeDefined(); // a is now the most recently used
    cache.put(e, 1, 'd', answer(body));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(306);
    expect(cache.get(e, 'b')).toBeUndefined(); // b was the least recently used
    expect(['a', 'c', 'd'].map((k) => cache.get(e, k) !== undefined)).toEqual([true, true, true]);
    expect(cache.put(e, 1, 'big', answer('y'.repeat(201)))).toBeNull();
    // Putting a key again replaces it without counting it twice.
    cache.put(e, 1, 'a', answer('z'.repeat(50)));
    expect(cache.bytes).toBe(306 - 100 + 50);
    expect(cache.get(e, 'a')?.body.toString()).toBe('z'.repeat(50));
    expect(cache.hits).toBeGreaterThan(0);
    expect(cache.misses).toBeGreaterThan(0);
  });
});
