/**
 * Regular-expression operators: `text ~ pattern` / `text !~ pattern` (case-insensitive, any
 * part) and `pattern ?~ text` (case-sensitive). A constant pattern is compiled now, so an invalid
 * one is an error at the pattern even if no row would match; a pattern from a parameter is
 * compiled once, when a row is first matched, and an error points at the match (spec "Parameters").
 */
import type * as A from '../ast';
import { QueryError } from '../errors';
import { compileRegex, type Regex } from '../regex';
import type { Evaluator } from './plan';
import { errorAt, withPosition, type Scope } from './scope';
import { compileExpr, fold, opNode, type Node } from './expr';

export function compileMatch(scope: Scope, e: A.Binary): Node {
  const l = compileExpr(scope, e.left);
  const r = compileExpr(scope, e.right);
  const sensitive = e.op === '?~';
  const [textN, patN, patAst] = sensitive ? [r, l, e.left] : [l, r, e.right];
  for (const [n, ast] of [
    [l, e.left],
    [r, e.right],
  ] as const) {
    if (n.type !== 'str' && n.type !== 'null') throw errorAt(scope, ast.start, `operator ${e.op} needs strings, not ${n.type}`);
  }
  const negate = e.op === '!~';
  const tf = textN.eval;
  let ev: Evaluator;
  if (patN.isConst && !patN.fromParam) {
    if (patN.value === null) ev = () => null;
    else {
      let re: Regex;
      try {
        re = compileRegex(patN.value as string, !sensitive);
      } catch (err) {
        throw withPosition(scope, patAst.start, err);
      }
      ev = (st) => {
        const t = tf(st);
        if (t === null) return null;
        return re.test(t as string) !== negate;
      };
    }
  } else {
    const pf = patN.eval;
    const text = scope.text;
    const at = e.opStart;
    ev = (st) => {
      const t = tf(st);
      if (t === null) return null;
      const p = pf(st);
      if (p === null) return null;
      let re: Regex;
      try {
        re = compileRegex(p as string, !sensitive);
      } catch (err) {
        if (err instanceof QueryError) throw QueryError.at(text, at, err.message);
        throw err;
      }
      return re.test(t as string) !== negate;
    };
  }
  const n = opNode('bool', ev, [l, r], `(${l.key}${e.op}${r.key})`, e.start, !(patN.isConst && !patN.fromParam));
  // A parameter pattern stays unfolded so its error is reported at the match, when a row is matched.
  return patN.fromParam ? { ...n, isConst: false } : fold(scope, n);
}
