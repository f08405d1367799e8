/**
 * The peer runner of `npm run bench` (main/bench/peer.ts): queries that fail or stay silent are
 * reported "n/a" and the next query starts in a fresh child. The child here is a small script that
 * plays a peer: it answers query 0, hangs on query 1, reports an error on query 2, answers query 3.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PEER_LIMITS, runPeerQuery, runRustledger, timeProcess } from '../../../main/bench/peer';

const dir = mkdtempSync(join(tmpdir(), 'peer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = join(dir, 'fake-peer.mjs');
writeFileSync(
  script,
  `const from = Number(process.argv[2]);
const emit = (s) => process.stdout.write('\\n@@PEER@@' + JSON.stringify(s) + '\\n');
emit({ step: 'load', ms: from === 0 ? 12 : 99, rows: 3 });
for (let q = from; q < 4; q++) {
  if (q === 1) { setTimeout(() => {}, 600000); break; }
  if (q === 2) { emit({ step: 2, error: 'RuntimeError: unreachable' }); process.exit(0); }
  emit({ step: q, ms: 10 + q, rows: 100 + q });
}
`,
);

describe('runRustledger', () => {
  it('reports answers, a silent query and a failing one as n/a, and goes on after them', async () => {
    const saved = PEER_LIMITS.queryMs;
    PEER_LIMITS.queryMs = 1500;
    try {
      const out = await runRustledger((from) => [script, String(from)], dir, [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]);
      // The load figure is the first child's (the later ones report 99).
      expect(out['load ms']).toBe(12);
      expect(out['ledger errors']).toBe(3);
      expect(out['a ms']).toBe(10);
      expect(out['a rows']).toBe(100);
      expect(out['b ms']).toBe('n/a (over 2 s)');
      expect(out['b rows']).toBeUndefined();
      expect(out['c ms']).toBe('n/a (RuntimeError)');
      expect(out['d ms']).toBe(13);
      expect(out['d rows']).toBe(103);
    } finally {
      PEER_LIMITS.queryMs = saved;
    }
  }, 30_000);

  it('reports a load that never answers as n/a', async () => {
    const silent = join(dir, 'silent.mjs');
    writeFileSync(silent, 'process.exit(3);\n');
    const out = await runRustledger(() => [silent], dir, [{ name: 'a' }]);
    expect(out['load ms']).toBe('n/a (exit 3)');
    expect(out['a ms']).toBeUndefined();
  });
});

describe('timeProcess', () => {
  it('gives the exit status and a peak RSS of the process', () => {
    const r = timeProcess(process.execPath, ['-e', 'const a = Buffer.alloc(64 * 1024 * 1024, 1); process.exit(a[5])'], process.env, dir);
    expect(r.status).toBe(1);
    // 64 MiB touched: the peak is above it (when GNU time is there to measure it).
    if (r.rssMb !== null) expect(r.rssMb).toBeGreaterThan(64);
    expect(r.ms).toBeGreaterThan(0);
  });
});

describe('runPeerQuery (a question in a form the peer accepts)', () => {
  // A fake ledger that answers LIMIT n with n rows and count(*) with one.
  const asked: string[] = [];
  const ledger = {
    query(text: string) {
      asked.push(text);
      if (/OFFSET/.test(text)) return { rows: [], errors: [{ message: 'syntax error at position 95' }] };
      const m = /LIMIT (\d+)/.exec(text);
      return { rows: Array.from({ length: m ? Number(m[1]) : 1 }, (_, i) => [i]), errors: [] };
    },
  };

  it('runs every text, and the page is the rows after the skip', () => {
    asked.length = 0;
    expect(runPeerQuery(ledger, { texts: ['SELECT x LIMIT 1100', 'SELECT count(*)'], skipRows: 1000 })).toBe(100);
    expect(asked).toEqual(['SELECT x LIMIT 1100', 'SELECT count(*)']);
    expect(runPeerQuery(ledger, 'SELECT x LIMIT 7')).toBe(7);
  });

  it("the peer's error answer is thrown", () => {
    expect(() => runPeerQuery(ledger, 'SELECT x LIMIT 100 OFFSET 1000')).toThrow('syntax error at position 95');
  });
});
