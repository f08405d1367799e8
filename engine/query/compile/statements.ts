/**
 * BALANCES and JOURNAL are rewritten into their SELECT equivalents (spec "BALANCES and JOURNAL"),
 * with the spec's result column names. Synthetic nodes point at the statement, the AT function
 * at its name (so an unknown AT function is an error at the name).
 */
import type * as A from '../ast';
import { selectStmt } from '../ast';

const col = (name: string, at: A.Span): A.Column => ({ kind: 'Column', name, field: null, fieldStart: null, start: at.start, end: at.end });
const call = (name: string, args: A.Expr[], at: A.Span): A.Call => ({ kind: 'Call', name, nameEnd: at.end, args, star: false, start: at.start, end: at.end });
const int = (n: number, at: A.Span): A.IntLiteral => ({ kind: 'Literal', type: 'int', value: BigInt(n), start: at.start, end: at.end });
const target = (expr: A.Expr, text: string, at: A.Span): A.Target => ({ expr, alias: null, aliasStart: null, text, start: at.start, end: at.end });

function applyAt(at: A.AtFunction | null, arg: A.Column): { expr: A.Expr; text: string } {
  if (!at) return { expr: arg, text: arg.name };
  return { expr: call(at.name, [arg], at), text: `${at.name}(${arg.name})` };
}

/** BALANCES [AT f] ... = SELECT account, sum(f(position)) ... GROUP BY account, account_sortkey(account) ORDER BY account_sortkey(account). */
export function balancesAsSelect(stmt: A.BalancesStmt): { select: A.SelectStmt; names: string[] } {
  const s: A.Span = stmt;
  const pos = applyAt(stmt.at, col('position', stmt.at ?? s));
  const sum = call('sum', [pos.expr], s);
  const sortkey = call('account_sortkey', [col('account', s)], s);
  const select = selectStmt(stmt.start, stmt.end, {
    targets: [target(col('account', s), 'account', s), target(sum, `sum(${pos.text})`, s)],
    from: stmt.from,
    where: stmt.where,
    groupBy: [col('account', s), sortkey],
    orderBy: [{ expr: sortkey, desc: false, start: s.start, end: s.end }],
  });
  return { select, names: ['account', `sum(${pos.text})`] };
}

/**
 * JOURNAL ['pattern'] [AT f] ... = SELECT date, flag, maxwidth(payee, 48), maxwidth(narration, 80),
 * account, f(position), f(balance) ... WHERE account ~ 'pattern'.
 */
export function journalAsSelect(stmt: A.JournalStmt): { select: A.SelectStmt; names: string[] } {
  const s: A.Span = stmt;
  const at = stmt.at ?? s;
  const pos = applyAt(stmt.at, col('position', at));
  const bal = applyAt(stmt.at, col('balance', at));
  const names = ['date', 'flag', 'maxwidth(payee, 48)', 'maxwidth(narration, 80)', 'account', pos.text, bal.text];
  const exprs: A.Expr[] = [
    col('date', s),
    col('flag', s),
    call('maxwidth', [col('payee', s), int(48, s)], s),
    call('maxwidth', [col('narration', s), int(80, s)], s),
    col('account', s),
    pos.expr,
    bal.expr,
  ];
  const where: A.Expr | null = stmt.pattern
    ? { kind: 'Binary', op: '~', opStart: stmt.pattern.start, left: col('account', stmt.pattern), right: stmt.pattern, start: stmt.pattern.start, end: stmt.pattern.end }
    : null;
  const select = selectStmt(stmt.start, stmt.end, { targets: exprs.map((e, i) => target(e, names[i], s)), from: stmt.from, where });
  return { select, names };
}
