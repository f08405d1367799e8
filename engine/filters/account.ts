/**
 * The account filter: an account name, which selects the account and its children (`Assets:Bank`
 * keeps `Assets:Bank:Checking`, not `Assets:Bankruptcy`), or else a regular expression matched
 * case-insensitively against any part of the account name, as Fava's account filter does.
 *
 * Fava matches every text as a regular expression and also by account component; a plain name
 * read as a regex would keep siblings with a common prefix (`Assets:Cash` keeps
 * `Assets:Cashback`), which is never what clicking an account means, so a text that is a
 * well-formed account name is read as a name. An invalid regular expression is an error here
 * (Fava silently falls back to comparing names).
 */
import { regexProblem } from '../query/regex';
import { FilterError } from './errors';

export type AccountFilter = { kind: 'name'; name: string } | { kind: 'regex'; pattern: string };

/** `Root:Component:...` with a capitalised root and components without spaces or colons. */
const ACCOUNT_NAME = /^[\p{Lu}][\p{L}\p{N}\-]*(?::[\p{Lu}\p{N}][\p{L}\p{N}\-]*)*$/u;
const ROOTS = new Set(['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses']);

/**
 * Reads the account filter; blank is no filter (null). `roots` are the ledger's five root names
 * (options name_assets, ...), default Beancount's.
 */
export function parseAccountFilter(text: string, roots: ReadonlySet<string> = ROOTS): AccountFilter | null {
  const t = text.trim();
  if (t === '') return null;
  if (ACCOUNT_NAME.test(t) && roots.has(t.split(':')[0])) return { kind: 'name', name: t };
  const problem = regexProblem(t, true);
  if (problem !== null) throw new FilterError('account', `${t} is neither an account name nor a valid regular expression (${problem})`, null);
  return { kind: 'regex', pattern: t };
}
