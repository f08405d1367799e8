/**
 * Ledger errors: the rows of #errors and GET /api/errors. Every kind and its message is written
 * here once; other modules call the constructors below.
 */
import type { DayNum } from '../dates';
import type { SourceRef } from './ast';

export interface LedgerError {
  kind: string;
  message: string;
  /** Source of the offending directive; null when unknown (e.g. made by a plugin). */
  src: SourceRef | null;
  /** Text of the directive, or null. */
  source: string | null;
  date: DayNum | null;
  account: string | null;
  /** Recorded details (txn_id, account_name, budget_name, ...). */
  metas: [string, string][];
}

export function ledgerError(
  kind: string,
  message: string,
  src: SourceRef | null,
  extra: Partial<Pick<LedgerError, 'source' | 'date' | 'account' | 'metas'>> = {},
): LedgerError {
  return {
    kind,
    message,
    src,
    source: extra.source ?? null,
    date: extra.date ?? null,
    account: extra.account ?? null,
    metas: extra.metas ?? [],
  };
}
