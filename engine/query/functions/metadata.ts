/**
 * Metadata functions (document 2 "Functions", Metadata). Values are text. The row's metadata
 * comes from the table being read (FnContext.row_meta): on postings the posting's and the
 * transaction's; on directive tables both accessors give the directive's; on budget tables the
 * budget directive's; on #errors the details recorded for the error.
 */
import type { Meta } from '../../ledger/ast';
import { makeSet, metaValue } from '../values';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

function allValues(meta: Meta | null, key: string): readonly string[] {
  if (meta === null) return [];
  const out: string[] = [];
  for (const e of meta) if (e.key === key) out.push(e.text);
  return makeSet(out);
}

export const METADATA: readonly ScalarOverload[] = [
  scalar(
    'meta(str) -> str',
    'value of a key on the posting; NULL if unset',
    ([k]: [string], ctx) => metaValue(ctx.row_meta.meta(), k),
    false,
  ),
  scalar(
    'entry_meta(str) -> str',
    'value on the transaction',
    ([k]: [string], ctx) => metaValue(ctx.row_meta.entryMeta(), k),
    false,
  ),
  scalar(
    'any_meta(str) -> str',
    'posting first, then transaction',
    ([k]: [string], ctx) => metaValue(ctx.row_meta.meta(), k) ?? metaValue(ctx.row_meta.entryMeta(), k),
    false,
  ),
  scalar(
    'meta_values(str) -> set',
    'every value of a key on the posting; empty if unset',
    ([k]: [string], ctx) => allValues(ctx.row_meta.meta(), k),
    false,
  ),
  scalar(
    'entry_meta_values(str) -> set',
    'every value on the transaction',
    ([k]: [string], ctx) => allValues(ctx.row_meta.entryMeta(), k),
    false,
  ),
];
