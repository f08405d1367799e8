/**
 * Test helper: runs a built-in query on a ledger written in the test, through the same path the
 * server takes (callBuiltin, encodeResult, the JSON text), and reads the answer back like the
 * renderer does (JSON.parse, then rowObjects). Page logic is thus tested on real rows.
 */
import type { Cell, QueryResult } from '../../../engine/api-types';
import { encodeResult } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { callBuiltin, findPageBuiltin, type PageParamValue } from '../../../main/server/routes/builtin-call';
import { parseDate } from '../../../engine/dates';
import { rowObjects } from '../../../renderer/components/page/page-api';

export { ledger } from '../../engine/ledger/ledger-text';

/** Parameters as the pages send them (dates as `YYYY-MM-DD`), turned into engine values. */
export function builtinRows(snapshot: Snapshot, name: string, params: Record<string, unknown>): Array<Record<string, Cell>> {
  const values: Record<string, PageParamValue> = {};
  for (const { name: p, type } of findPageBuiltin(name).params) {
    const v = params[p];
    if (type === 'date' && typeof v === 'string') {
      const day = parseDate(v);
      if (day === null) throw new Error(`bad date ${v}`);
      values[p] = day;
    } else values[p] = v as PageParamValue;
  }
  const result = callBuiltin(snapshot, name, values);
  const wire = (JSON.parse(stringifyResult(encodeResult(result))) as { data: QueryResult }).data;
  return rowObjects(wire);
}
