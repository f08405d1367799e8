import { describe, expect, it } from 'vitest';
import { firstAnswers, inWindow, settle, startStream, summarizeWindow, type RequestRecord } from '../../../main/bench/light';

const rec = (client: number, start: number, end: number, failure: string | null = null): RequestRecord => ({ client, path: '/x', start, end, failure });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('windows of a request record', () => {
  const records = [rec(0, 0, 50), rec(1, 40, 140), rec(0, 50, 90), rec(1, 140, 150, 'HTTP 503'), rec(0, 90, 400)];

  it('a request overlapping the window counts (it waited in it), one that ended before or began after does not', () => {
    // Window [100, 145]: the 40-140 one was still waiting at 100, 140-150 began in it, 90-400 spans it.
    expect(inWindow(records, 100, 145).map((r) => [r.start, r.end])).toEqual([
      [40, 140],
      [140, 150],
      [90, 400],
    ]);
    expect(inWindow(records, 400, 500)).toEqual([]);
  });

  it('summarizes latencies and failures of a window', () => {
    const s = summarizeWindow(inWindow(records, 100, 145));
    // Latencies 100, 10, 310: p50 rank 2 of 3 = 100, p99 and max 310.
    expect(s).toEqual({ count: 3, p50: 100, p99: 310, max: 310, failures: 1, firstFailure: 'HTTP 503' });
  });

  it('first answer per client: from t0 to its first successful end; never answered is null', () => {
    const rs = [rec(0, 10, 30, 'HTTP 500'), rec(0, 30, 70), rec(2, 10, 1300), rec(0, 70, 80)];
    expect(firstAnswers(rs, 10, 3)).toEqual([60, null, 1290]);
  });
});

describe('startStream', () => {
  it('each client sends one request after another, starting at its own place in the mix, until stopped', async () => {
    const seen: string[][] = [[], [], []];
    let inFlight = 0;
    let maxInFlight = 0;
    const paths = ['/a', '/b', '/c', '/d'];
    const stream = startStream(
      async (path) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(5);
        inFlight--;
        return path === '/d' ? 'HTTP 500' : null;
      },
      paths,
      3,
      10_000,
    );
    await sleep(120);
    const records = await stream.stop();
    const n = records.length;
    await sleep(30);
    expect(records.length).toBe(n); // nothing recorded after stop
    expect(maxInFlight).toBe(3); // one request at a time per client
    for (const r of records) seen[r.client].push(r.path);
    // Client 1 starts at '/b' and walks the list in order.
    expect(seen[1].slice(0, 5)).toEqual(['/b', '/c', '/d', '/a', '/b']);
    expect(seen[2][0]).toBe('/c');
    expect(records.filter((r) => r.failure !== null).every((r) => r.path === '/d')).toBe(true);
    for (const r of records) expect(r.end).toBeGreaterThanOrEqual(r.start);
  });

  it('stops by itself at its time bound', async () => {
    const stream = startStream(async () => (await sleep(5), null), ['/a'], 2, 60);
    await sleep(200);
    const n = stream.records.length;
    // Two clients of 5+ ms requests for 60 ms: at most 26, and no more after the bound.
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(26);
    await sleep(50);
    expect(stream.records.length).toBe(n);
    await stream.stop();
  });
});

describe('settle', () => {
  it('waits for two quiet windows in a row after the server stops using CPU', async () => {
    // CPU readings per window: busy (100 ms), busy, quiet (10), busy again, quiet, quiet.
    const readings = [0, 100, 200, 210, 400, 405, 410, 415];
    let i = 0;
    const server = { cpuMs: () => readings[Math.min(i++, readings.length - 1)] };
    await settle(server, { windowMs: 1, idleCpuMs: 20, maxMs: 10_000 });
    // The first reading, then one per window until the second quiet one in a row (405 -> 410).
    expect(i).toBe(7);
  });

  it('gives up at its time bound, and at once when the CPU time cannot be read', async () => {
    let cpu = 0;
    const busy = { cpuMs: () => (cpu += 100) };
    const ms = await settle(busy, { windowMs: 5, idleCpuMs: 20, maxMs: 50 });
    expect(ms).toBeGreaterThanOrEqual(50);
    expect(ms).toBeLessThan(2000);
    let calls = 0;
    expect(await settle({ cpuMs: () => (calls++, null) }, { windowMs: 1000, idleCpuMs: 20, maxMs: 10_000 })).toBeLessThan(500);
    expect(calls).toBe(1);
  });
});
