/**
 * Account-name functions (document 2 "Functions", Accounts). Names are split on `:`.
 */
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

const ACCOUNT_TYPES = ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'];

function firstComponent(a: string): string {
  const i = a.indexOf(':');
  return i < 0 ? a : a.slice(0, i);
}

/**
 * First n components. n of zero or less gives '' (the spec is silent; Beancount's root() slices
 * a Python list, where a negative count would drop components from the end, which no one means).
 */
function rootN(a: string, n: bigint): string {
  if (n <= 0n) return '';
  let i = -1;
  for (let k = 0n; k < n; k++) {
    i = a.indexOf(':', i + 1);
    if (i < 0) return a;
  }
  return a.slice(0, i);
}

export function accountSortKey(a: string): string {
  const idx = ACCOUNT_TYPES.indexOf(firstComponent(a));
  return (idx < 0 ? 5 : idx) + '-' + a;
}

export function isUnder(account: string, parent: string): boolean {
  return account === parent || (account.length > parent.length && account.startsWith(parent) && account[parent.length] === ':');
}

export const ACCOUNTS: readonly ScalarOverload[] = [
  scalar('root(str) -> str', 'first component', ([a]: [string]) => firstComponent(a)),
  scalar('root(str, int) -> str', 'first n components; whole if it has n or fewer', ([a, n]: [string, bigint]) => rootN(a, n)),
  scalar("parent(str) -> str", "without last component; '' for top level", ([a]: [string]) => {
    const i = a.lastIndexOf(':');
    return i < 0 ? '' : a.slice(0, i);
  }),
  scalar('leaf(str) -> str', 'last component', ([a]: [string]) => a.slice(a.lastIndexOf(':') + 1)),
  scalar(
    'account_sortkey(str) -> str',
    'type index 0 to 4 (Assets, Liabilities, Equity, Income, Expenses), then `-`, then the name; a name whose first component is none of these gets 5',
    ([a]: [string]) => accountSortKey(a),
  ),
  scalar(
    'under(str, str) -> bool',
    'TRUE if the account equals the second argument or starts with it followed by `:`; a sibling with a common prefix is not under it',
    ([a, p]: [string, string]) => isUnder(a, p),
  ),
];
