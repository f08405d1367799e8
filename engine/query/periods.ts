/**
 * Accounting-period clauses `FROM [expr] [OPEN ON d] [CLOSE [ON d]] [CLEAR]`: the compiler binds
 * the dates (periods/bind.ts), the executor scans the rewritten rows (periods/apply.ts) instead of
 * the snapshot's postings.
 */
export { applyPeriodClauses, type PeriodClauses } from './periods/apply';
export { bindPeriodClauses } from './periods/bind';
