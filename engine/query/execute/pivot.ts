/**
 * PIVOT BY a, b (spec "PIVOT BY"): applied last, to the rows left after LIMIT. One row per
 * value of a (sorted by a, NULL first), one column per value of b (sorted, NULL first, named
 * NULL), holding the remaining target; with several remaining targets one column per value and
 * target named `<value>/<target>`. A missing pair is NULL; several rows for one pair: the last wins.
 */
import { formatDate } from '../../dates';
import type { Dec } from '../../decimal';
import type { TypeName } from '../types';
import { compareValues, valueKey } from '../values';
import { toText } from '../values';
import type { Plan } from '../compile/plan';
import type { Deadline, ResultBudget } from './limits';

/** Text of a value in a pivot column name (spec PIVOT BY 5). */
export function pivotName(type: TypeName, v: unknown): string {
  if (v === null) return 'NULL';
  switch (type) {
    case 'date':
      return formatDate(v as number);
    case 'decimal':
      return (v as Dec).toString();
    case 'bool':
      return v ? 'True' : 'False';
    case 'int':
      return String(v);
    case 'str':
      return v as string;
    default:
      return toText(type, v);
  }
}

export function pivot(
  plan: Plan,
  rows: unknown[][],
  budget: ResultBudget,
  deadline: Deadline,
): { columns: { name: string; type: TypeName }[]; rows: unknown[][] } {
  const { a, b } = plan.pivot!;
  const cols = plan.columns;
  const aType = cols[a].type;
  const bType = cols[b].type;
  const rest: number[] = [];
  for (let i = 0; i < cols.length; i++) if (i !== a && i !== b) rest.push(i);

  const aVals = new Map<string, unknown>();
  const bVals = new Map<string, unknown>();
  for (const r of rows) {
    deadline.tick();
    const ka = valueKey(aType, r[a]);
    if (!aVals.has(ka)) aVals.set(ka, r[a]);
    const kb = valueKey(bType, r[b]);
    if (!bVals.has(kb)) bVals.set(kb, r[b]);
  }
  const aSorted = [...aVals.entries()].sort((x, y) => compareValues(aType, x[1], y[1]));
  const bSorted = [...bVals.entries()].sort((x, y) => compareValues(bType, x[1], y[1]));

  const width = 1 + bSorted.length * rest.length;
  // A pivot table counts all its cells, empty ones included, checked before it is built.
  budget.require(aSorted.length * width, 'the pivot table cells');

  const columns: { name: string; type: TypeName }[] = [{ name: `${cols[a].name}/${cols[b].name}`, type: aType }];
  const bIndex = new Map<string, number>();
  bSorted.forEach(([kb, vb], j) => {
    bIndex.set(kb, j);
    const label = pivotName(bType, vb);
    for (const t of rest) columns.push({ name: rest.length === 1 ? label : `${label}/${cols[t].name}`, type: cols[t].type });
  });
  const aIndex = new Map<string, number>();
  const out: unknown[][] = aSorted.map(([ka, va], i) => {
    aIndex.set(ka, i);
    const row = new Array(width).fill(null);
    row[0] = va;
    return row;
  });
  for (const r of rows) {
    deadline.tick();
    const row = out[aIndex.get(valueKey(aType, r[a]))!];
    const base = 1 + bIndex.get(valueKey(bType, r[b]))! * rest.length;
    for (let k = 0; k < rest.length; k++) row[base + k] = r[rest[k]];
  }
  budget.add(aSorted.length * width, 'the pivot table cells');
  return { columns, rows: out };
}
