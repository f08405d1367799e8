/**
 * Ledger errors of the budget stage (rows of #errors). Kind names follow zhang's
 * (BudgetDoesNotExist, DefineDuplicatedBudget) so zhang users find what they know.
 * A missing budget records meta budget_name (spec #errors: "an undefined budget referenced by a
 * posting has meta('budget_name')"); posting errors also record txn_id and account_name.
 */
import { formatDate, type DayNum } from '../../dates';
import type { SourceRef } from '../ast';
import { ledgerError, type LedgerError } from '../errors';

export const BudgetErrorKind = {
  BudgetDoesNotExist: 'BudgetDoesNotExist',
  DefineDuplicatedBudget: 'DefineDuplicatedBudget',
} as const;

/** Why a budget was missing: never defined, or defined only later (its budget directive's date). */
function missing(name: string, definedOn: DayNum | null, at: DayNum): string {
  return definedOn === null
    ? `budget "${name}" is not defined`
    : `budget "${name}" does not exist on ${formatDate(at)} (its budget directive is dated ${formatDate(definedOn)})`;
}

export const BudgetErrors = {
  /** budget-add / budget-transfer / budget-close naming a budget that does not exist (yet). */
  directiveOnMissingBudget: (
    directive: 'budget-add' | 'budget-transfer' | 'budget-close',
    name: string,
    definedOn: DayNum | null,
    date: DayNum,
    src: SourceRef,
  ): LedgerError =>
    ledgerError(
      BudgetErrorKind.BudgetDoesNotExist,
      `${directive} has no effect: ${missing(name, definedOn, date)}`,
      src,
      { date, metas: [['budget_name', name]] },
    ),
  /** A posting whose account's open names a budget that does not exist at the posting's date. */
  postingOnMissingBudget: (
    account: string,
    name: string,
    definedOn: DayNum | null,
    date: DayNum,
    txnId: string,
    src: SourceRef | null,
  ): LedgerError =>
    ledgerError(
      BudgetErrorKind.BudgetDoesNotExist,
      `Posting to ${account} is not counted in budget "${name}": ${missing(name, definedOn, date)}`,
      src,
      {
        date,
        account,
        metas: [
          ['account_name', account],
          ['budget_name', name],
          ['txn_id', txnId],
        ],
      },
    ),
  duplicate: (name: string, firstDate: DayNum, date: DayNum, src: SourceRef): LedgerError =>
    ledgerError(
      BudgetErrorKind.DefineDuplicatedBudget,
      `Duplicate budget directive for "${name}" (already defined on ${formatDate(firstDate)}); it is ignored`,
      src,
      { date, metas: [['budget_name', name]] },
    ),
};
