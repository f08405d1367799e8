/**
 * Property test of the whole query pipeline (issue 14 §2): random queries over the bundled example
 * ledger, built from the table and function registries, well-typed and ill-typed, with random
 * clauses and stray tokens, end either in rows (which encode to JSON and CSV) or in a QueryError,
 * the error the HTTP layer answers with 400 {message, line, column}. Never any other exception.
 *
 * A QueryError without a position is accepted only for the kinds the spec lists as positionless
 * (too long, out of time, result too large, errors found inside aggregates while evaluating rows).
 *
 * Bounded: a few hundred queries, each with a short time limit, well under 30 s on a busy machine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../engine/ledger';
import { toCsv } from '../../../engine/query/csv';
import { stringifyResult } from '../../../engine/query/encode';
import { FUNCTIONS, TYPE_VAR_T, type ParamType } from '../../../engine/query/functions/registry';
import { QueryError, encodeResult, runQuery } from '../../../engine/query/index';
import '../../../engine/query/tables/index';
import { allTables, type TableDef } from '../../../engine/query/tables/registry';
import type { TypeName } from '../../../engine/query/types';
import type { Snapshot } from '../../../engine/ledger/snapshot';

const example = loadLedger(new URL('../../../main/demo/example.beancount', import.meta.url).pathname);
/** The .zhang example has budgets, so the budget tables have rows. */
const zhangExample = loadLedger(new URL('../../../main/demo/example.zhang', import.meta.url).pathname);

/** Positionless QueryErrors the spec allows (limits of the whole query, failures inside aggregates). */
const POSITIONLESS =
  /time limit|too large|too long|integer overflow|different currencies|intervals have no order|maxwidth|regular expression|pattern/;

type Draw = <T>(arr: readonly T[]) => T;
type Chance = (p: number) => boolean;

const TYPES: TypeName[] = ['int', 'decimal', 'str', 'date', 'bool', 'amount', 'position', 'inventory', 'set', 'interval', 'metas', 'null'];

const LITERALS: Partial<Record<TypeName, string[]>> = {
  int: ['0', '1', '-1', '12', '2014', '9223372036854775807', '(-9223372036854775807 - 1)', '100000000000000000000'],
  decimal: ['1.5', '0.001', '-2.50', '100.00', '0.0'],
  str: ["'USD'", "'Assets:US:BofA:Checking'", "'^Expenses'", "''", "'2014-05-01'", "'month'", "'1 month'", "'trip-chicago-2025'", "'[unclosed'", '"dq"', "'é😀'"],
  date: ['2014-01-01', '2025-06-15', '1999-12-31', '2024-02-29'],
  bool: ['TRUE', 'FALSE'],
  null: ['NULL'],
  interval: ["interval('1 month')", "interval('-3 days')", "interval('2 years')", "interval('x')"],
  set: ["set('a', 'trip-chicago-2025')", "set('')"],
  amount: [],
};

const GARBAGE = ['(', ')', ',', '*', 'SELECT', 'FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'LIMIT', 'IN', 'NOT', 'IS', 'AS', 'CASE', 'END', '#', '#prices', ':p', '$1', "'", '~', '=', '+', '-', '/', 'HAVING', 'PIVOT BY', 'OPEN ON', 'CLOSE', 'CLEAR', 'AT', 'DISTINCT', ';', '--x\n', 'nosuchcolumn', 'nosuchfn()', '1e5', '..'];

/** Builds one random query; every random choice goes through `draw` so fast-check can shrink it. */
class QueryBuilder {
  constructor(
    private readonly draw: Draw,
    private readonly chance: Chance,
    private readonly table: TableDef,
    /** Ill-typed mode: operands of random types wherever a type is expected. */
    private readonly sloppy: boolean,
  ) {}

  private columnsOf(t: TypeName): string[] {
    return this.table.columns.filter((c) => c.type === t).map((c) => c.name);
  }

  private concrete(p: ParamType): TypeName {
    if (p === 'any') return this.draw(TYPES);
    if (p === 'T') return this.draw(TYPE_VAR_T);
    return p;
  }

  /** A function call returning `t` (or anything, when sloppy), or null when none fits. */
  private call(t: TypeName, depth: number, aggregates: boolean): string | null {
    const fits = FUNCTIONS.filter(
      (o) => (aggregates || !o.aggregate) && (this.sloppy || o.returns === t || o.returns === 'any' || (o.returns === 'T' && TYPE_VAR_T.includes(t))),
    );
    if (fits.length === 0) return null;
    const o = this.draw(fits);
    if (o.star && this.chance(0.5)) return `${o.name}(*)`;
    const tv = o.returns === 'T' && !this.sloppy ? t : this.concrete('T');
    const params = [...o.params];
    if (o.variadic) while (this.chance(0.4)) params.push(o.variadic);
    if (this.sloppy && this.chance(0.2)) params.push('any');
    const args = params.map((p, i) => {
      // The first `any` argument decides an `any` result type.
      const want = p === 'T' ? tv : p === 'any' && o.returns === 'any' && i === params.indexOf('any') && !this.sloppy ? t : this.concrete(p);
      return this.expr(want, depth + 1, false);
    });
    return `${this.chance(0.1) ? o.name.toUpperCase() : o.name}(${args.join(', ')})`;
  }

  /** An expression of type `t` (well-typed mode) or of some type (sloppy mode). */
  expr(t: TypeName, depth: number, aggregates: boolean): string {
    if (this.sloppy && this.chance(0.3)) t = this.draw(TYPES);
    const leafOnly = depth >= 3;
    const choice = this.draw(leafOnly ? ['col', 'lit'] : ['col', 'lit', 'call', 'call', 'op', 'op', 'case', 'paren']);
    switch (choice) {
      case 'col': {
        const cols = this.columnsOf(t);
        if (cols.length) return this.draw(cols);
        return this.literal(t, depth, aggregates);
      }
      case 'lit':
        return this.literal(t, depth, aggregates);
      case 'call':
        return this.call(t, depth, aggregates) ?? this.literal(t, depth, aggregates);
      case 'case': {
        const whens = [`WHEN ${this.expr('bool', depth + 1, aggregates)} THEN ${this.expr(t, depth + 1, aggregates)}`];
        if (this.chance(0.3)) whens.push(`WHEN ${this.expr('bool', depth + 1, aggregates)} THEN ${this.expr(t, depth + 1, aggregates)}`);
        const otherwise = this.chance(0.5) ? ` ELSE ${this.expr(t, depth + 1, aggregates)}` : '';
        return `CASE ${whens.join(' ')}${otherwise} END`;
      }
      case 'paren':
        return `(${this.expr(t, depth + 1, aggregates)})`;
      default:
        return this.operator(t, depth + 1, aggregates);
    }
  }

  private literal(t: TypeName, depth: number, aggregates: boolean): string {
    const lits = LITERALS[t];
    if (lits && lits.length) return this.draw(lits);
    // Types without literals come from functions over literals or columns.
    if (depth < 4) {
      const c = this.call(t, depth + 1, aggregates);
      if (c) return c;
    }
    return this.sloppy ? this.draw(LITERALS[this.draw(['int', 'str', 'null'] as TypeName[])]!) : 'NULL';
  }

  private operator(t: TypeName, depth: number, aggregates: boolean): string {
    const e = (u: TypeName) => this.expr(u, depth, aggregates);
    if (t === 'bool') {
      const u = this.draw(TYPES);
      switch (this.draw(['cmp', 'logic', 'not', 'in', 'inset', 'isnull', 'match'])) {
        case 'cmp':
          return `${e(u)} ${this.draw(['=', '==', '!=', '<>', '<', '<=', '>', '>='])} ${e(this.sloppy ? this.draw(TYPES) : u)}`;
        case 'logic':
          return `${e('bool')} ${this.draw(['AND', 'OR'])} ${e('bool')}`;
        case 'not':
          return `NOT ${e('bool')}`;
        case 'in': {
          // Ill-typed lists mix element types, mostly constants (NULL IN (1, 'a') once threw a TypeError).
          const item = (): string => {
            if (!this.sloppy) return e(this.chance(0.2) ? 'null' : u);
            const v = this.draw(TYPES);
            return this.chance(0.7) ? this.literal(v, depth + 2, aggregates) : e(v);
          };
          const items = this.sloppy ? [item(), item()] : [e(u)];
          while (this.chance(0.5)) items.push(item());
          return `${this.chance(0.25) ? 'NULL' : e(u)} ${this.draw(['IN', 'NOT IN'])} (${items.join(', ')})`;
        }
        case 'inset':
          return `${e('str')} ${this.draw(['IN', 'NOT IN'])} ${this.chance(0.5) ? `(${e('set')})` : this.draw(['tags', 'links', 'other_accounts', 'accounts', "set('a')", 'NULL'])}`;
        case 'isnull':
          return `${e(u)} IS ${this.chance(0.5) ? 'NOT ' : ''}NULL`;
        default:
          return `${e('str')} ${this.draw(['~', '!~', '?~'])} ${e('str')}`;
      }
    }
    if (t === 'int' || t === 'decimal' || t === 'amount' || t === 'position' || t === 'inventory') {
      if (this.chance(0.2)) return `- ${e(t)}`;
      const other = this.sloppy ? this.draw(TYPES) : t === 'int' ? 'int' : this.draw([t, 'int', 'decimal'] as TypeName[]);
      return `${e(t)} ${this.draw(['+', '-', '*', '/'])} ${e(other)}`;
    }
    if (t === 'date') return `${e('date')} ${this.draw(['+', '-'])} ${e(this.draw(['interval', 'int'] as TypeName[]))}`;
    if (t === 'interval') return `${e('interval')} ${this.draw(['+', '-'])} ${e('interval')}`;
    return this.literal(t, depth, aggregates);
  }

  query(): string {
    // Half the ill-typed queries are one bare expression: a query whose every clause is ill-typed
    // stops at its first error, so lone expressions reach the evaluator far more often.
    if (this.sloppy && this.chance(0.5)) {
      const top = this.chance(0.6) ? this.operator('bool', 1, false) : this.expr(this.draw(TYPES), 1, false);
      return this.mangle([`SELECT ${top}`]);
    }
    const parts: string[] = [];
    const kind = this.draw(['select', 'select', 'select', 'select', 'balances', 'journal']);
    const postings = this.table.name === 'postings';
    if (kind !== 'select') {
      parts.push(kind === 'balances' ? 'BALANCES' : `JOURNAL ${this.chance(0.5) ? this.draw(["'Assets'", "'^Expenses:Food'", "'['", "''"]) : ''}`);
      if (this.chance(0.4)) parts.push(`AT ${this.draw(['units', 'cost', 'value', 'abs', 'neg', 'sum', 'nosuch'])}`);
      if (this.chance(0.5)) {
        parts.push('FROM');
        if (this.chance(0.7)) parts.push(this.expr('bool', 1, false));
        this.period(parts);
      }
      if (kind === 'balances' && this.chance(0.5)) parts.push(`WHERE ${this.expr('bool', 1, false)}`);
      return this.mangle(parts);
    }
    const aggregate = this.chance(0.4);
    const targets: string[] = [];
    if (this.chance(0.1)) targets.push('*');
    else {
      const n = 1 + (this.chance(0.5) ? 1 : 0) + (this.chance(0.3) ? 1 : 0);
      for (let k = 0; k < n; k++) targets.push(this.expr(this.draw(TYPES), 1, aggregate) + (this.chance(0.2) ? ` AS c${k}` : ''));
    }
    parts.push(`SELECT ${this.chance(0.15) ? 'DISTINCT ' : ''}${targets.join(', ')}`);
    if (!postings) parts.push(`FROM #${this.table.name}`);
    else {
      if (this.chance(0.1)) parts.push('FROM #postings');
      else if (this.chance(0.4)) {
        parts.push('FROM');
        if (this.chance(0.7)) parts.push(this.expr('bool', 1, false));
        this.period(parts);
      }
    }
    if (this.chance(0.6)) parts.push(`WHERE ${this.expr('bool', 1, false)}`);
    if (aggregate && this.chance(0.7)) {
      parts.push(`GROUP BY ${this.chance(0.5) ? '1' : this.expr(this.draw(TYPES), 2, false)}`);
      if (this.chance(0.3)) parts.push(`HAVING ${this.expr('bool', 1, true)}`);
    }
    if (this.chance(0.4)) parts.push(`ORDER BY ${this.chance(0.5) ? this.draw(['1', '2']) : this.expr(this.draw(TYPES), 2, aggregate)} ${this.draw(['', 'ASC', 'DESC'])}`);
    if (this.chance(0.1) && targets.length >= 3) parts.push('PIVOT BY 1, 2');
    if (this.chance(0.4)) parts.push(`LIMIT ${this.draw(['0', '1', '10', '9223372036854775807'])}${this.chance(0.3) ? ` OFFSET ${this.draw(['0', '5', '9223372036854775807'])}` : ''}`);
    return this.mangle(parts);
  }

  private period(parts: string[]): void {
    if (this.chance(0.15)) parts.push(`OPEN ON ${this.draw(LITERALS.date!)}`);
    if (this.chance(0.15)) parts.push(this.chance(0.5) ? 'CLOSE' : `CLOSE ON ${this.draw(LITERALS.date!)}`);
    if (this.chance(0.1)) parts.push('CLEAR');
  }

  /** Sloppy queries also get stray tokens at random places. */
  private mangle(parts: string[]): string {
    let text = parts.join(' ');
    if (this.sloppy && this.chance(0.3)) {
      const words = text.split(' ');
      const at = this.draw(words.map((_, i) => i));
      words.splice(at, this.chance(0.5) ? 1 : 0, this.draw(GARBAGE));
      text = words.join(' ');
    }
    return text;
  }
}

/** Runs a query the way POST /api/query and its CSV export do; returns the QueryError or null. */
function outcome(snapshot: Snapshot, text: string): QueryError | null {
  try {
    const r = runQuery(snapshot, text, { timeLimitMs: 1000, maxResultValues: 20_000 });
    stringifyResult(encodeResult(r));
    toCsv(r);
    return null;
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw new Error(`query ${JSON.stringify(text)} threw ${e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e)}`);
  }
}

function check(snapshot: Snapshot, text: string): void {
  const e = outcome(snapshot, text);
  if (!e) return;
  expect(e.message, text).not.toMatch(/^internal error/);
  if (e.line === null) expect(e.message, `positionless error for ${text}`).toMatch(POSITIONLESS);
  else expect(e.column, text).toBeGreaterThanOrEqual(1);
}

const tables = allTables();
const postingsTable = tables.find((t) => t.name === 'postings')!;

function queries(sloppy: boolean, postingsShare = 0.5): fc.Arbitrary<string> {
  return fc.gen().map((g) => {
    const draw: Draw = (arr) => arr[g(fc.nat, { max: arr.length - 1 })];
    const chance: Chance = (p) => g(fc.nat, { max: 999 }) < p * 1000;
    const table = chance(postingsShare) ? postingsTable : draw(tables);
    return new QueryBuilder(draw, chance, table, sloppy).query();
  });
}

describe('random queries over the example ledger end in rows or a QueryError', () => {
  it('well-typed queries', { timeout: 60_000 }, () => {
    fc.assert(fc.property(queries(false), (q) => check(example, q)), { numRuns: 200 });
  });

  it('ill-typed queries with stray tokens', { timeout: 60_000 }, () => {
    fc.assert(fc.property(queries(true), (q) => check(example, q)), { numRuns: 200 });
  });

  it('queries of the other tables over the .zhang example (budgets, events, documents)', { timeout: 60_000 }, () => {
    // The tables the generator reaches must have rows here, or errors of row evaluation go untested.
    expect(runQuery(zhangExample, 'SELECT name FROM #budget_definitions').rows.length).toBeGreaterThan(0);
    fc.assert(fc.property(fc.boolean(), queries(false, 0.1), (sloppy, q) => check(zhangExample, sloppy ? q + ' )' : q)), { numRuns: 150 });
  });
});
