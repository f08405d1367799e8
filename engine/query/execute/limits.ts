/**
 * Execution limits (document 1 "Limits"): the time limit, checked cooperatively in every loop,
 * and the result size, counted by the spec's rules ("Result size counting"). Both fail with a
 * QueryError without position.
 */
import { QueryError } from '../errors';
import { DEFAULT_MAX_RESULT_VALUES, MAX_EXECUTION_MS, MAX_RESULT_VALUES_ENV } from '../limits';

export const DEFAULT_TIME_LIMIT_MS = MAX_EXECUTION_MS;

export function defaultMaxResultValues(): number {
  const env = typeof process !== 'undefined' ? process.env[MAX_RESULT_VALUES_ENV] : undefined;
  if (env && /^\d+$/.test(env.trim())) return Number(env.trim());
  return DEFAULT_MAX_RESULT_VALUES;
}

/**
 * A check the host installs for the requests it runs one at a time (the engine worker: a flag the
 * main thread sets when the client went away or the request ran out of time). It returns the
 * error to stop with, or null to go on; it is read wherever the clock is, so a cancelled query
 * stops as soon as an overlong one would. The engine itself knows nothing about threads.
 */
let cancellationCheck: (() => QueryError | null) | null = null;

export function setCancellationCheck(check: (() => QueryError | null) | null): void {
  cancellationCheck = check;
}

/** For loops outside a Deadline's reach (encoding a result): throws when the host cancelled. */
export function throwIfCancelled(): void {
  const stop = cancellationCheck?.();
  if (stop) throw stop;
}

/**
 * The check for work done after a query ran (encoding its rows to JSON or CSV), called once per
 * unit written: the query's own Deadline when the result carries it (so the 10 s limit covers
 * encoding too), else only the host's cancellation flag, read every STRIDE units.
 */
export function workTicker(deadline?: Deadline): () => void {
  if (deadline) return () => deadline.tick();
  let countdown = STRIDE;
  return () => {
    if (--countdown > 0) return;
    countdown = STRIDE;
    throwIfCancelled();
  };
}

/** Checks the clock only every `STRIDE` calls: Date.now() per row would cost more than the row. */
const STRIDE = 256;

export class Deadline {
  private countdown = STRIDE;
  private readonly end: number;
  constructor(
    readonly limitMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.end = clock() + limitMs;
  }
  /** Call once per unit of work (row, group, sort step). */
  tick(): void {
    if (--this.countdown > 0) return;
    this.countdown = STRIDE;
    this.check();
  }
  check(): void {
    if (this.clock() > this.end) throw timeLimitError(this.limitMs);
    if (cancellationCheck) {
      const stop = cancellationCheck();
      if (stop) throw stop;
    }
  }
}

export function timeLimitError(limitMs: number): QueryError {
  const secs = limitMs % 1000 === 0 ? `${limitMs / 1000}s` : `${limitMs}ms`;
  return new QueryError(`the query was stopped because it ran longer than the ${secs} time limit`, null, null);
}

export class ResultBudget {
  used = 0;
  constructor(readonly max: number) {}
  add(n: number, what = 'rows'): void {
    this.used += n;
    if (this.used > this.max) throw tooLargeError(this.max, what);
  }
  release(n: number): void {
    this.used -= n;
  }
  /** Checks a size known in advance (pivot tables) before building it. */
  require(n: number, what: string): void {
    if (this.used + n > this.max) throw tooLargeError(this.max, what);
  }
}

export function tooLargeError(max: number, what: string): QueryError {
  return new QueryError(
    `the result is too large: ${what} exceed the limit of ${max} values; narrow the query with FROM or WHERE or add LIMIT`,
    null,
    null,
  );
}
