/**
 * Compile-time side of the period clauses: the OPEN ON / CLOSE ON dates after parameter binding,
 * checked (CLOSE date >= OPEN date, with the position of the CLOSE date).
 *
 * Choice (the spec says only "a date literal or a parameter"): a parameter may be bound to a date
 * (`typed('date', day)`) or to a string holding one (`'2024-01-01'`, the string-to-date rule of
 * comparisons); anything else, NULL included, is an error at the parameter.
 */
import type * as A from '../ast';
import { formatDate, inRange, parseDate, type DayNum } from '../../dates';
import { QueryError } from '../errors';
import { TypedValue, lookupParam, paramLabel } from '../compile/params';
import type { PeriodClauses } from './apply';

function bindDate(text: string, d: A.PeriodDate, clause: string, params: Record<string, unknown>): DayNum {
  if (d.kind === 'Literal') return d.value;
  const label = paramLabel(d);
  const { found, value } = lookupParam(params, d.name);
  if (!found) throw QueryError.at(text, d.start, `parameter ${label} is not bound`);
  let day: DayNum | null = null;
  if (value instanceof TypedValue) {
    if (value.type === 'date' && typeof value.value === 'number') day = value.value;
    else if (value.type === 'str' && typeof value.value === 'string') day = parseDate(value.value);
  } else if (typeof value === 'string') {
    day = parseDate(value);
  }
  if (day === null || !Number.isInteger(day) || !inRange(day)) {
    throw QueryError.at(text, d.start, `${clause} parameter ${label} must be bound to a date`);
  }
  return day;
}

/** The clause values of a FROM clause, or null when it has none. */
export function bindPeriodClauses(text: string, from: A.FromClause | null, params: Record<string, unknown>): PeriodClauses | null {
  if (!from || (!from.open && !from.close && !from.clear)) return null;
  const open = from.open ? bindDate(text, from.open.date, 'OPEN ON', params) : null;
  const closeDate = from.close?.date ? bindDate(text, from.close.date, 'CLOSE ON', params) : null;
  if (open !== null && closeDate !== null && closeDate < open) {
    throw QueryError.at(text, from.close!.date!.start, `the CLOSE date ${formatDate(closeDate)} is before the OPEN date ${formatDate(open)}`);
  }
  return { open, close: from.close ? { date: closeDate } : null, clear: from.clear };
}
