/**
 * Issue 15's goals beside the bench's figures: each goal is a bound on our figure and/or on the
 * peer's figure divided by ours (above 1: we are faster), judged per ledger. The comparison
 * table of `npm run bench` prints the goal's text and whether the run met it.
 */

export interface Goal {
  /** As the issue writes it, e.g. "<= 250 ms". */
  text: string;
  atMost?: number;
  atLeast?: number;
  /** peer / ours at least this (a speed-up over the peer). */
  ratioAtLeast?: number;
}

/** 'met', 'missed', or 'no figure' when ours (or the peer's, for a ratio) is not a number. */
export type Verdict = 'met' | 'missed' | 'no figure';

export function judge(goal: Goal, ours: number | string | undefined, peer?: number | string): Verdict {
  if (typeof ours !== 'number' || Number.isNaN(ours)) return 'no figure';
  let ok = true;
  if (goal.atMost !== undefined) ok &&= ours <= goal.atMost;
  if (goal.atLeast !== undefined) ok &&= ours >= goal.atLeast;
  if (goal.ratioAtLeast !== undefined) {
    if (typeof peer !== 'number' || ours <= 0) return ok ? 'no figure' : 'missed';
    ok &&= peer / ours >= goal.ratioAtLeast;
  }
  return ok ? 'met' : 'missed';
}

/** Goals of one comparison row, by ledger name (a row has no goal on the other ledgers). */
export type GoalsBySize = Record<string, Goal>;

/** The latency goal of every light-request row of issue 15. */
export const LIGHT_MS: Goal = { text: '<= 250 ms', atMost: 250 };
export const NONE_FAILED: Goal = { text: '0', atMost: 0 };
