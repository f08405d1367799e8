/**
 * #accounts: one row per account with an open or close directive, ordered by account name.
 * `open` and `close` are structured columns: `open.date`, `open.account`, `open.currencies`,
 * `open.booking`, `open.meta`, `close.date`, `close.account`, `close.meta`; `open` and `close`
 * alone read as the dates. The compiler resolves `open.x` by the column named `open.x` and
 * reports an unknown attribute of an existing column at the attribute.
 *
 * Choices (spec silent):
 * - order: by account name (character codes), as a chart of accounts reads;
 * - an account closed and reopened (zhang) shows the open directive in effect now (the last one
 *   that opened it, duplicates ignored as booking ignores them) and its close only if the account
 *   is closed now: close is "NULL while open";
 * - open.booking: the `booking_method` metadata, else the method written on the open directive,
 *   upper-cased as booking reads it; NULL if neither;
 * - meta()/entry_meta()/any_meta() read the open directive's metadata, or the close's when the
 *   account has no open.
 */
import type { CloseAst, Meta, OpenAst } from '../../ledger/ast';
import type { AccountInfo, Snapshot } from '../../ledger/snapshot';
import { makeSet } from '../values';
import { col, EMPTY_META, metaText, perSnapshot } from './common';
import { registerTable, type TableDef } from './registry';

interface AccountRow {
  account: string;
  open: OpenAst | null;
  close: CloseAst | null;
}

/** The open in effect at the end of the ledger and its close, replaying opens and closes by date. */
export function currentLifecycle(info: AccountInfo): AccountRow {
  const events: (OpenAst | CloseAst)[] = [...info.opens, ...info.closes];
  // Stable sort: same-day open before close (reference order), else written order.
  events.sort((a, b) => a.date - b.date || (a.type === b.type ? 0 : a.type === 'open' ? -1 : 1));
  let open: OpenAst | null = null;
  let close: CloseAst | null = null;
  let isOpen = false;
  for (const d of events) {
    if (d.type === 'open') {
      if (isOpen) continue; // duplicate open: booking reports and ignores it
      open = d;
      close = null;
      isOpen = true;
    } else if (isOpen) {
      close = d;
      isOpen = false;
    } else if (open === null && close === null) {
      close = d; // a close without any open still shows its directive
    }
  }
  return { account: info.name, open, close };
}

const rowsOf = perSnapshot((s: Snapshot): AccountRow[] => {
  const rows = [...s.accounts.values()].map(currentLifecycle);
  return rows.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
});

function booking(o: OpenAst | null): string | null {
  if (!o) return null;
  const meta = o.meta.find((m) => m.key === 'booking_method')?.text.trim();
  const written = meta || o.booking?.trim();
  return written ? written.toUpperCase() : null;
}

const metaOf = (r: AccountRow): Meta => r.open?.meta ?? r.close?.meta ?? EMPTY_META;

export const accountsTable: TableDef<AccountRow> = {
  name: 'accounts',
  description: 'one row per account with an open or close directive, by account name',
  columns: [
    col('account', 'str', 'account name', (r) => r.account),
    col('open', 'date', 'date of the open directive (same as open.date); NULL if none', (r) => r.open?.date ?? null),
    col('open.date', 'date', 'date of the open directive; NULL if none', (r) => r.open?.date ?? null),
    col('open.account', 'str', 'account of the open directive; NULL if none', (r) => r.open?.account ?? null),
    col('open.currencies', 'set', 'currencies the account is restricted to; NULL if unrestricted', (r) =>
      r.open && r.open.currencies.length > 0 ? makeSet(r.open.currencies) : null,
    ),
    col('open.booking', 'str', 'booking method from booking_method metadata (or written on the directive); NULL if none', (r) => booking(r.open)),
    col('open.meta', 'str', "metadata of the open directive as text; '' if none; NULL without open", (r) => (r.open ? metaText(r.open.meta) : null)),
    col('close', 'date', 'date of the close directive (same as close.date); NULL while open', (r) => r.close?.date ?? null),
    col('close.date', 'date', 'date of the close directive; NULL while open', (r) => r.close?.date ?? null),
    col('close.account', 'str', 'account of the close directive; NULL while open', (r) => r.close?.account ?? null),
    col('close.meta', 'str', "metadata of the close directive as text; '' if none; NULL while open", (r) => (r.close ? metaText(r.close.meta) : null)),
  ],
  star: ['account', 'open', 'close'],
  rows: (ctx) => rowsOf(ctx.snapshot),
  meta: metaOf,
  entryMeta: metaOf,
};

registerTable(accountsTable);
