/**
 * The report's tables drawn from the graph endpoint's points: the net-worth line and the
 * income/expense changes per bucket (one row per bucket, one column per account type present).
 */
import type { AccountType, GraphInterval, GraphPoint, ValuedTotal } from '../../../engine/api-types';

/** The interval parameter of the trend built-ins for a graph bin size. */
export const INTERVAL_TEXT: Record<GraphInterval, string> = { day: '1 day', week: '1 week', month: '1 month' };

const TYPE_ORDER: AccountType[] = ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'];

export interface ChangeRow {
  /** Label of the bucket: its first day, the first one clamped to the range start (statistic rule 3). */
  label: string;
  cells: Array<ValuedTotal | null>;
}

/**
 * Net worth per point; the first point is labelled with the first day of the range, as the rule
 * asks (the bucket may start before it).
 */
export function netWorthPoints(points: GraphPoint[], from: string): Array<{ date: string; value: string }> {
  return points.map((p, i) => ({ date: i === 0 && p.date < from ? from : p.date, value: p.number }));
}

/** Types that have a change in some bucket, in the usual order. */
export function changeTypes(points: GraphPoint[]): AccountType[] {
  const seen = new Set<AccountType>();
  for (const p of points) for (const c of p.changes) seen.add(c.type);
  return TYPE_ORDER.filter((t) => seen.has(t));
}

/** Buckets with at least one change, newest first (the table reads like a journal). */
export function changeRows(points: GraphPoint[], types: AccountType[], from: string): ChangeRow[] {
  const rows: ChangeRow[] = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    if (p.changes.length === 0) continue;
    const byType = new Map(p.changes.map((c) => [c.type, c]));
    rows.push({ label: i === 0 && p.date < from ? from : p.date, cells: types.map((t) => byType.get(t) ?? null) });
  }
  return rows;
}
