/** The BudgetBook of one snapshot: immutable after build; #budgets rows are made on demand. */
import type { DayNum } from '../../dates';
import type {
  BudgetBook,
  BudgetDefinitionRow,
  BudgetEventRow,
  BudgetMonthRow,
  BudgetMonthsOptions,
  LongestSeries,
} from '../budgets';
import type { BudgetMembership } from './membership';
import { generateMonths, longestSeries, type BudgetSeries, type SeriesContext } from './series';

export class Book implements BudgetBook {
  private readonly defs: readonly BudgetDefinitionRow[];

  constructor(
    /** Ordered by budget name. */
    private readonly series: readonly BudgetSeries[],
    private readonly eventRows: readonly BudgetEventRow[],
    private readonly membership: BudgetMembership,
    private readonly ctx: SeriesContext,
  ) {
    this.defs = Object.freeze(series.map((s) => s.def));
    Object.freeze(eventRows);
  }

  definitions(): readonly BudgetDefinitionRow[] {
    return this.defs;
  }

  events(): readonly BudgetEventRow[] {
    return this.eventRows;
  }

  accountBudgets(account: string, date: DayNum): string[] {
    return [...this.membership.at(account, date)];
  }

  months(opts: BudgetMonthsOptions = {}): Iterable<BudgetMonthRow> {
    return { [Symbol.iterator]: () => generateMonths(this.series, this.ctx, opts) };
  }

  longestSeries(opts: Omit<BudgetMonthsOptions, 'onMonth'> = {}): LongestSeries | null {
    return longestSeries(this.series, this.ctx, opts);
  }
}
