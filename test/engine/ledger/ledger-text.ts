/**
 * Test helper: loads ledgers written inline in tests through loadLedger, with an in-memory file
 * system, a fixed clock and UTC unless a timezone option says otherwise.
 */
import { loadLedger } from '../../../engine/ledger/index';
import type { Amount, Posting, Snapshot } from '../../../engine/ledger/snapshot';
import { formatDate } from '../../../engine/dates';

export interface TextLedgerOptions {
  format?: 'beancount' | 'zhang';
  /** Other files by absolute path (includes). */
  files?: Record<string, string>;
  /** Paths that exist for document checks (default: every path exists). */
  existing?: string[];
  now?: Date;
}

export const ROOT = '/ledger';

export function ledger(text: string, opts: TextLedgerOptions = {}): Snapshot {
  const main = `${ROOT}/main.${opts.format === 'zhang' ? 'zhang' : 'beancount'}`;
  const files: Record<string, string> = { [main]: text, ...(opts.files ?? {}) };
  const existing = opts.existing ? new Set(opts.existing) : null;
  return loadLedger(main, {
    readFile: (p) => (p in files ? files[p] : null),
    fileExists: (p) => (existing ? existing.has(p) : true),
    now: opts.now ?? new Date('2025-06-01T12:00:00Z'),
    defaultTimezone: 'UTC',
  });
}

export const amount = (a: Amount | null) => (a ? `${a.number} ${a.currency}` : null);

export function postingText(p: Posting): string {
  const cost = p.cost ? ` {${p.cost.number} ${p.cost.currency}, ${formatDate(p.cost.date)}${p.cost.label ? `, "${p.cost.label}"` : ''}}` : '';
  const price = p.price ? ` @ ${p.price.number} ${p.price.currency}` : '';
  return `${p.account} ${p.units.number} ${p.units.currency}${cost}${price}`;
}

/** Rows of the transaction with the given narration, as text. */
export function rowsOf(s: Snapshot, narration: string): string[] {
  const t = s.transactions.find((x) => x.narration === narration);
  if (!t) throw new Error(`no transaction "${narration}"`);
  return t.postings.map(postingText);
}

export const kinds = (s: Snapshot) => s.errors.map((e) => e.kind);

/** Final positions of an account (units per lot), from the booked rows, as sorted text. */
export function holdings(s: Snapshot, account: string): string[] {
  const sums = new Map<string, { p: Posting; n: Posting['units']['number'] }>();
  for (const p of s.postings) {
    if (p.account !== account) continue;
    const k = `${p.units.currency}|${p.cost ? `${p.cost.number.v}|${p.cost.currency}|${p.cost.date}|${p.cost.label}` : ''}`;
    const prev = sums.get(k);
    sums.set(k, { p, n: prev ? prev.n.plus(p.units.number) : p.units.number });
  }
  const out: string[] = [];
  for (const { p, n } of sums.values()) {
    if (n.isZero()) continue;
    const cost = p.cost ? ` {${p.cost.number} ${p.cost.currency}, ${formatDate(p.cost.date)}${p.cost.label ? `, "${p.cost.label}"` : ''}}` : '';
    out.push(`${n} ${p.units.currency}${cost}`);
  }
  return out.sort();
}
