/** Small helpers shared by the plugin modules. */
import type { DirectiveAst, Meta, MetaEntry, PostingAst, TransactionAst } from '../ast';
import type { LedgerOptions } from '../snapshot';
import { ConfigError } from './types';
import { LiteralError, parsePyLiteral, type PyValue } from './literal';

export type AccountType = 'assets' | 'liabilities' | 'equity' | 'income' | 'expenses';

const DEFAULT_ROOTS: Record<AccountType, string> = {
  assets: 'Assets',
  liabilities: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expenses: 'Expenses',
};

/** The root name of an account type (Beancount's name_assets ... options, else the default). */
export function rootOf(options: LedgerOptions, type: AccountType): string {
  let root = DEFAULT_ROOTS[type];
  for (const [k, v] of options.raw) if (k === `name_${type}`) root = v;
  return root;
}

/** Is `account` of the given type (its first component is the type's root)? */
export function isOfType(options: LedgerOptions, account: string, type: AccountType): boolean {
  const root = rootOf(options, type);
  return account === root || account.startsWith(root + ':');
}

/** Account and its parents, nearest first: A:B:C -> A:B:C, A:B, A. */
export function selfAndParents(account: string): string[] {
  const out = [account];
  for (let i = account.lastIndexOf(':'); i > 0; i = account.lastIndexOf(':', i - 1)) out.push(account.slice(0, i));
  return out;
}

export const isValidAccount = (name: string) =>
  /^[A-Z\p{Lu}\p{Lo}][\p{L}\p{N}-]*(:[A-Z0-9\p{Lu}\p{Lo}\p{N}][\p{L}\p{N}-]*)+$/u.test(name);

/** The first value of a metadata key, or undefined. */
export function metaGet(meta: Meta, key: string): MetaEntry | undefined {
  for (const m of meta) if (m.key === key) return m;
  return undefined;
}

/** Metadata with `key` set (replacing earlier values), as a new list. */
export function metaSet(meta: Meta, entry: MetaEntry): Meta {
  return [...meta.filter((m) => m.key !== entry.key), entry];
}

/** Is a metadata value true as Python reads it (TRUE, a non-empty string, a non-zero number)? */
export function metaTruthy(m: MetaEntry | undefined): boolean {
  if (!m) return false;
  if (m.kind === 'bool') return m.text === 'TRUE';
  if (m.kind === 'null') return false;
  if (m.kind === 'number') return !/^[-+]?0*\.?0*$/.test(m.text);
  return m.text !== '';
}

/** Reads a config string as Python's eval/literal_eval would (a literal only). */
export function literalConfig(raw: string | null): PyValue {
  if (raw === null || raw.trim() === '') throw new ConfigError('a configuration is required');
  try {
    return parsePyLiteral(raw);
  } catch (e) {
    if (e instanceof LiteralError) throw new ConfigError(`cannot read ${JSON.stringify(raw)} as a Python literal: ${e.message}`);
    throw e;
  }
}

export const isTxn = (d: DirectiveAst): d is TransactionAst => d.type === 'transaction';

/** A posting written with an explicit number and currency (nothing left to interpolate). */
export const isComplete = (p: PostingAst) =>
  p.number !== null && p.currency !== null && (p.cost === null || ((p.cost.perUnit !== null || p.cost.total !== null) && p.cost.currency !== null));

/** Accounts a directive refers to (Beancount's getters.get_entry_accounts). */
export function accountsOfDirective(d: DirectiveAst): string[] {
  switch (d.type) {
    case 'transaction':
      return d.postings.map((p) => p.account);
    case 'open':
    case 'close':
    case 'note':
    case 'document':
      return [d.account];
    case 'balance':
      return d.padAccount ? [d.account, d.padAccount] : [d.account];
    case 'pad':
      return [d.account, d.source];
    case 'custom':
      return d.values.filter((v) => v.kind === 'account').map((v) => v.text);
    default:
      return [];
  }
}

/**
 * A booked posting row written back as an explicit posting (its lot's cost spelled out), for
 * transforms that rewrite booked transactions; `src` is the written posting's position.
 */
export function explicitPosting(p: import('../snapshot').Posting, src: import('../ast').SourceRef): PostingAst {
  return {
    flag: p.flag,
    account: p.account,
    number: p.units.number,
    currency: p.units.currency,
    cost: p.cost ? { perUnit: p.cost.number, total: null, currency: p.cost.currency, date: p.cost.date, label: p.cost.label, merge: false, isTotal: false } : null,
    price: p.price ? { number: p.price.number, currency: p.price.currency, isTotal: false } : null,
    meta: p.meta,
    src,
  };
}
