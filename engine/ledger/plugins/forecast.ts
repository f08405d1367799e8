/**
 * beancount.plugins.forecast: a transaction flagged `#` whose narration ends with
 * `[MONTHLY|YEARLY|WEEKLY|DAILY [SKIP n TIMES] [REPEAT n TIMES | UNTIL yyyy-mm-dd]]` is replaced
 * by one copy per occurrence from its date (narration without the bracket; flag `#` kept): REPEAT
 * gives the count, UNTIL the last date, neither the end of the current year (the load's today);
 * SKIP n takes every (n+1)-th period. Occurrences follow dateutil's rrule: a monthly series on the
 * 31st skips shorter months, a yearly one on 29 February skips other years.
 */
import { civilFromDays, daysFromCivil, makeDate, parseDate, type DayNum } from '../../dates';
import type { DirectiveAst, TransactionAst } from '../ast';
import type { PluginDef } from './types';

const RULE = /(^.*)\[(MONTHLY|YEARLY|WEEKLY|DAILY)(\s+SKIP\s+([1-9][0-9]*)\s+TIME.?)?(\s+REPEAT\s+([1-9][0-9]*)\s+TIME.?)?(\s+UNTIL\s+([0-9-]+))?\]/;

/** More occurrences than any real forecast needs; guards a DAILY rule over centuries. */
const MAX_OCCURRENCES = 100_000;

export function occurrences(start: DayNum, freq: string, interval: number, count: number | null, until: DayNum | null): DayNum[] {
  const out: DayNum[] = [];
  const [y, m, d] = civilFromDays(start);
  for (let k = 0; out.length < (count ?? MAX_OCCURRENCES) && k < MAX_OCCURRENCES * 12; k++) {
    let date: DayNum | null;
    if (freq === 'DAILY') date = start + k * interval;
    else if (freq === 'WEEKLY') date = start + 7 * k * interval;
    else if (freq === 'MONTHLY') {
      const months = m - 1 + k * interval;
      date = makeDate(y + Math.floor(months / 12), (months % 12) + 1, d);
    } else date = makeDate(y + k * interval, m, d);
    if (date === null) {
      if (y + k * interval > 9999) break;
      continue;
    }
    if (until !== null && date > until) break;
    out.push(date);
  }
  return out;
}

export const forecastPlugin: PluginDef = {
  module: 'beancount.plugins.forecast',
  config: 'none',
  description: "repeats '#'-flagged transactions whose narration ends in [MONTHLY ...], [WEEKLY ...], ... into future transactions",
  transform: (directives, _c, run) => {
    const out: DirectiveAst[] = [];
    for (const d of directives) {
      const m = d.type === 'transaction' && d.flag === '#' ? RULE.exec(d.narration) : null;
      if (!m) {
        out.push(d);
        continue;
      }
      const t = d as TransactionAst;
      const count = m[6] ? Number(m[6]) : null;
      const until = count !== null ? null : m[8] ? parseDate(m[8]) : daysFromCivil(civilFromDays(run.today)[0], 12, 31);
      // An unreadable UNTIL date makes Beancount's plugin fail as a whole (no forecast at all):
      // the same here, reported on the plugin line.
      if (count === null && until === null) throw new Error(`invalid UNTIL date "${m[8]}" in "${t.narration}" (line ${t.src.line})`);
      const interval = m[4] ? Number(m[4]) + 1 : 1;
      const narration = m[1].trim();
      occurrences(t.date, m[2], interval, count, until).forEach((date, k) =>
        out.push(run.made<TransactionAst>({ ...t, date, narration }, `forecast:${k}`)),
      );
    }
    return out;
  },
};
