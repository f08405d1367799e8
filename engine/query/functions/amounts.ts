/**
 * Amount and number functions (document 2 "Functions", Amounts and numbers).
 */
import { Dec } from '../../decimal';
import type { Amount, Position } from '../../ledger/snapshot';
import { Inventory } from '../inventory';
import { checkInt64 } from '../types';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

const negAmount = (a: Amount): Amount => ({ number: a.number.neg(), currency: a.currency });
const absAmount = (a: Amount): Amount => (a.number.isNeg() ? negAmount(a) : a);
const negPosition = (p: Position): Position => ({ units: negAmount(p.units), cost: p.cost });
const absPosition = (p: Position): Position => (p.units.number.isNeg() ? negPosition(p) : p);

/**
 * possign: the sign convention of Beancount's get_account_sign with the default account types:
 * Assets and Expenses accounts keep the sign, every other account (Liabilities, Equity, Income,
 * or a name outside the five types) has it flipped, so income and liabilities read positive.
 */
function keepsSign(account: string): boolean {
  const colon = account.indexOf(':');
  const root = colon < 0 ? account : account.slice(0, colon);
  return root === 'Assets' || root === 'Expenses';
}

const ABS_DESC = 'absolute value; position keeps cost';
const NEG_DESC = 'negation; position keeps cost';
const POSSIGN_DESC =
  'the first argument with its sign flipped unless the account (second argument) is under Assets or Expenses (income, liabilities, equity read as positive)';

export const AMOUNTS: readonly ScalarOverload[] = [
  scalar('number(amount) -> decimal', 'the number', ([a]: [Amount]) => a.number),
  scalar('currency(amount) -> str', 'the currency', ([a]: [Amount]) => a.currency),
  scalar('commodity(amount) -> str', 'same as currency', ([a]: [Amount]) => a.currency),
  scalar('only(str, inventory) -> amount', 'total units of one currency; 0 in that currency if none', ([c, i]: [string, Inventory]) => ({
    number: i.unitsOf(c) ?? Dec.ZERO,
    currency: c,
  })),
  scalar(
    'filter_currency(position, str) -> position',
    'the position if its units are in the currency, else NULL',
    ([p, c]: [Position, string]) => (p.units.currency === c ? p : null),
  ),
  scalar(
    'filter_currency(inventory, str) -> inventory',
    'positions whose units are in the currency',
    ([i, c]: [Inventory, string]) => i.filterCurrency(c),
  ),
  scalar('abs(int) -> int', ABS_DESC, ([x]: [bigint]) => checkInt64(x < 0n ? -x : x)),
  scalar('abs(decimal) -> decimal', ABS_DESC, ([x]: [Dec]) => x.abs()),
  scalar('abs(amount) -> amount', ABS_DESC, ([a]: [Amount]) => absAmount(a)),
  scalar('abs(position) -> position', ABS_DESC, ([p]: [Position]) => absPosition(p)),
  scalar('abs(inventory) -> inventory', ABS_DESC, ([i]: [Inventory]) => i.abs()),
  scalar('neg(int) -> int', NEG_DESC, ([x]: [bigint]) => checkInt64(-x)),
  scalar('neg(decimal) -> decimal', NEG_DESC, ([x]: [Dec]) => x.neg()),
  scalar('neg(amount) -> amount', NEG_DESC, ([a]: [Amount]) => negAmount(a)),
  scalar('neg(position) -> position', NEG_DESC, ([p]: [Position]) => negPosition(p)),
  scalar('neg(inventory) -> inventory', NEG_DESC, ([i]: [Inventory]) => i.neg()),
  scalar('possign(decimal, str) -> decimal', POSSIGN_DESC, ([x, a]: [Dec, string]) => (keepsSign(a) ? x : x.neg())),
  scalar('possign(amount, str) -> amount', POSSIGN_DESC, ([x, a]: [Amount, string]) => (keepsSign(a) ? x : negAmount(x))),
  scalar('possign(position, str) -> position', POSSIGN_DESC, ([x, a]: [Position, string]) =>
    keepsSign(a) ? x : negPosition(x),
  ),
  scalar('possign(inventory, str) -> inventory', POSSIGN_DESC, ([x, a]: [Inventory, string]) =>
    keepsSign(a) ? x : x.neg(),
  ),
];
