/**
 * Parser of the query language (document 2 "Statement grammar", "Operators", "Literals"):
 * tokens -> Statement with source positions.
 *
 * Expressions are parsed by precedence climbing (Pratt). Chains of one level (AND, OR, + -, * /)
 * are collected in loops into n-ary nodes, so 10,000 OR terms use no extra stack; only real
 * nesting (parentheses, calls, IN lists, NOT, unary signs, CASE) recurses, and it is limited to
 * MAX_NESTING levels.
 *
 * Choices where the spec is silent (also in the report):
 * - NOT binds looser than comparisons, so it cannot stand unparenthesised where a tighter operand
 *   is expected (`a = NOT b`, `-NOT b` are syntax errors; `a AND NOT b` is fine).
 * - CASE counts as a nesting level like a parenthesis.
 * - `*` as a call argument is accepted only in count(*).
 * - OPEN, ON, CLOSE, CLEAR are keywords anywhere inside a FROM clause (also inside its
 *   expression), and WHEN, THEN, ELSE, END, CASE anywhere inside a CASE expression.
 * - A FROM clause that is only a quoted string is a syntax error (quoted table names).
 * - The nesting error of a call points at its '('.
 */
import { Dec } from '../decimal';
import { formatDate, parseDate } from '../dates';
import type {
  Arith,
  ArithOp,
  AtFunction,
  BalancesStmt,
  Call,
  Case,
  CloseClause,
  Column,
  CompareOp,
  Count,
  Expr,
  FromClause,
  In,
  InList,
  JournalStmt,
  DateLiteral,
  OpenClause,
  OrderKey,
  Param,
  PeriodDate,
  SelectStmt,
  Statement,
  StrLiteral,
  Target,
  WhenClause,
} from './ast';
import { selectStmt } from './ast';
import { NESTED_TOO_DEEPLY, QueryError, queryTooLong, utf8Length } from './errors';
import { isReserved, lexAll, type TokenType } from './lexer';
import { INT64_MAX, MAX_NESTING, MAX_QUERY_BYTES } from './limits';

/** Parses one query. Throws QueryError (and nothing else) for any bad input. */
export function parseQuery(text: string): Statement {
  const bytes = utf8Length(text);
  if (bytes > MAX_QUERY_BYTES) throw queryTooLong(bytes);
  try {
    return new Parser(text).parseStatement();
  } catch (e) {
    if (e instanceof QueryError) throw e;
    // A bug must still reach the user as a query error, not crash the caller.
    throw new QueryError(`internal error while parsing the query: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// Binding levels, loosest first. An operator of level L is consumed by parseExpr(min) if L >= min.
const L_OR = 1;
const L_AND = 2;
const L_NOT = 3;
const L_CMP = 4;
const L_ADD = 5;
const L_MUL = 6;
const L_UNARY = 7;
const L_PRIMARY = 8;

const COMPARE_OPS: Record<string, CompareOp> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '~': '~',
  '!~': '!~',
  '?~': '?~',
};

const CASE_WORDS = new Set(['case', 'when', 'then', 'else', 'end']);
const FROM_WORDS = new Set(['open', 'on', 'close', 'clear']);
const SELECT_CLAUSE_WORDS = new Set(['from', 'where', 'group', 'having', 'order', 'pivot', 'limit']);
const CLAUSE_ORDER = 'FROM, WHERE, GROUP BY, HAVING, ORDER BY, PIVOT BY, LIMIT, OFFSET';
const PARAM_RE = /^(?:\$[1-9][0-9]*|:[A-Za-z_][A-Za-z0-9_]*)$/;

interface PTok {
  type: TokenType | 'eof';
  text: string;
  /** Lower-cased text (compared against keywords). */
  lower: string;
  start: number;
  end: number;
}

class Parser {
  private readonly toks: PTok[];
  private i = 0;
  /** Current nesting level (parentheses, calls, IN lists, NOT, unary signs, CASE). */
  private depth = 0;
  /** > 0 inside a CASE expression (CASE/WHEN/THEN/ELSE/END are keywords there). */
  private caseDepth = 0;
  /** True inside a FROM clause (OPEN/ON/CLOSE/CLEAR are keywords there). */
  private inFrom = false;

  constructor(private readonly text: string) {
    const toks: PTok[] = [];
    for (const t of lexAll(text)) {
      if (t.type === 'ws' || t.type === 'comment') continue;
      toks.push({ type: t.type, text: t.text, lower: t.text.toLowerCase(), start: t.start, end: t.end });
    }
    toks.push({ type: 'eof', text: '', lower: '', start: text.length, end: text.length });
    this.toks = toks;
  }

  // -------------------------------------------------------------------------------------------
  // Token helpers

  private peek(k = 0): PTok {
    const j = this.i + k;
    return this.toks[j < this.toks.length ? j : this.toks.length - 1];
  }
  private next(): PTok {
    const t = this.toks[this.i];
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }
  /** End offset of the last consumed token. */
  private get lastEnd(): number {
    return this.i > 0 ? this.toks[this.i - 1].end : 0;
  }
  private isWord(t: PTok, w: string): boolean {
    return (t.type === 'kw' || t.type === 'name') && t.lower === w;
  }

  private fail(t: PTok | number, message: string): never {
    throw QueryError.at(this.text, typeof t === 'number' ? t : t.start, message);
  }

  /** How a token is named in messages. */
  private describe(t: PTok): string {
    if (t.type === 'eof') return 'the end of the query';
    const s = t.text.length > 40 ? t.text.slice(0, 37) + '...' : t.text;
    return t.type === 'str' ? s : `'${s}'`;
  }

  /** "expected X but found Y", or the lexical problem if the token is not a real token. */
  private syntaxError(t: PTok, expected: string, hint = ''): never {
    const lexical = this.lexicalProblem(t);
    if (lexical) this.fail(t, lexical);
    this.fail(t, `syntax error: expected ${expected} but found ${this.describe(t)}${hint}`);
  }

  private lexicalProblem(t: PTok): string | null {
    if (t.type === 'badchar') {
      const cp = t.text.codePointAt(0) ?? 0;
      const code = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
      const printable = cp > 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp <= 0xa0);
      return `syntax error: unexpected character ${printable ? `'${t.text}' (${code})` : code}`;
    }
    if (t.type === 'badstr') return `syntax error: the string starting here has no closing ${t.text[0]}`;
    return null;
  }

  private expectWord(w: string, expected: string): PTok {
    const t = this.peek();
    if (!this.isWord(t, w)) this.syntaxError(t, expected);
    return this.next();
  }
  private expectType(type: TokenType, expected: string): PTok {
    const t = this.peek();
    if (t.type !== type) this.syntaxError(t, expected);
    return this.next();
  }

  private enter(t: PTok): void {
    if (++this.depth > MAX_NESTING) this.fail(t, NESTED_TOO_DEEPLY);
  }
  private leave(): void {
    this.depth--;
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  parseStatement(): Statement {
    const t = this.peek();
    if (this.isWord(t, 'select')) return this.parseSelect();
    if (this.isWord(t, 'balances')) return this.parseBalances();
    if (this.isWord(t, 'journal')) return this.parseJournal();
    if (t.type === 'name' || t.type === 'kw') {
      this.fail(t, `unsupported statement ${t.text.toUpperCase()}: a query is SELECT, BALANCES or JOURNAL`);
    }
    this.syntaxError(t, 'SELECT, BALANCES or JOURNAL');
  }

  /**
   * After the last clause: an optional single ';' then the end. `expected` lists the clauses
   * that could still have come; `hint` explains a misplaced word.
   */
  private expectEnd(expected: string[], hint: (t: PTok) => string | null): void {
    let t = this.peek();
    if (t.type === 'semi') {
      this.next();
      t = this.peek();
      if (t.type === 'eof') return;
      if (t.type === 'semi') this.fail(t, "syntax error: only one ';' is allowed, at the end of the query");
      this.syntaxError(t, "the end of the query after ';'");
    }
    if (t.type === 'eof') return;
    const lexical = this.lexicalProblem(t);
    if (lexical) this.fail(t, lexical);
    const special = hint(t);
    if (special && special.startsWith('!')) this.fail(t, special.slice(1));
    const what = expected.length > 0 ? orList(expected) : 'the end of the query';
    this.fail(t, `syntax error: expected ${what} but found ${this.describe(t)}${special ? ' ' + special : ''}`);
  }

  private parseSelect(): SelectStmt {
    const kw = this.next();
    let distinct = false;
    if (this.isWord(this.peek(), 'distinct')) {
      this.next();
      distinct = true;
    }
    let star: SelectStmt['star'] = null;
    let targets: Target[] = [];
    const first = this.peek();
    if (first.type === 'op' && first.text === '*') {
      this.next();
      star = { start: first.start, end: first.end };
      if (this.peek().type === 'comma') this.fail(this.peek(), "syntax error: '*' must be the only target of SELECT");
    } else {
      if (!this.startsExpression(first) && first.type !== 'table') this.syntaxError(first, "'*' or an expression", this.reservedHint(first));
      targets = this.parseTargets();
    }

    const stmt = selectStmt(kw.start, 0, { distinct, star, targets });
    // Clauses in their fixed order; `remaining` is what may still come, for the error message.
    let remaining = ['FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'PIVOT BY', 'LIMIT'];
    if (this.isWord(this.peek(), 'from')) {
      stmt.from = this.parseFrom();
      remaining = remaining.slice(1);
    }
    if (this.isWord(this.peek(), 'where')) {
      this.next();
      stmt.where = this.parseExpr(L_OR);
      remaining = ['GROUP BY', 'ORDER BY', 'PIVOT BY', 'LIMIT'];
    }
    if (this.isWord(this.peek(), 'group')) {
      this.next();
      this.expectWord('by', 'BY after GROUP');
      stmt.groupBy = this.parseExprList();
      remaining = ['HAVING', 'ORDER BY', 'PIVOT BY', 'LIMIT'];
      if (this.isWord(this.peek(), 'having')) {
        this.next();
        stmt.having = this.parseExpr(L_OR);
        remaining = ['ORDER BY', 'PIVOT BY', 'LIMIT'];
      }
    }
    if (this.isWord(this.peek(), 'having')) this.fail(this.peek(), 'syntax error: HAVING requires GROUP BY');
    if (this.isWord(this.peek(), 'order')) {
      this.next();
      this.expectWord('by', 'BY after ORDER');
      stmt.orderBy = this.parseOrderKeys();
      remaining = ['PIVOT BY', 'LIMIT'];
    }
    if (this.isWord(this.peek(), 'pivot')) {
      const pivot = this.next();
      this.expectWord('by', 'BY after PIVOT');
      const a = this.parseExpr(L_OR);
      if (this.peek().type !== 'comma') this.fail(pivot, 'syntax error: PIVOT BY takes exactly two keys');
      this.next();
      const b = this.parseExpr(L_OR);
      if (this.peek().type === 'comma') this.fail(this.peek(), 'syntax error: PIVOT BY takes exactly two keys');
      stmt.pivotBy = [a, b];
      remaining = ['LIMIT'];
    }
    if (this.isWord(this.peek(), 'limit')) {
      this.next();
      stmt.limit = this.parseCount('LIMIT');
      remaining = ['OFFSET'];
      // OFFSET is a keyword only here, right after the LIMIT count.
      if (this.isWord(this.peek(), 'offset')) {
        this.next();
        stmt.offset = this.parseCount('OFFSET');
        remaining = [];
      }
    }
    stmt.end = this.lastEnd;
    this.expectEnd(remaining, (t) => {
      if (this.isWord(t, 'having') && !stmt.groupBy) return '!syntax error: HAVING requires GROUP BY';
      if (this.isWord(t, 'offset') && !stmt.limit) return '!syntax error: OFFSET only follows LIMIT';
      if (t.type === 'kw' && SELECT_CLAUSE_WORDS.has(t.lower)) return `(clauses go in the order ${CLAUSE_ORDER})`;
      return null;
    });
    return stmt;
  }

  private parseTargets(): Target[] {
    const targets: Target[] = [];
    for (;;) {
      const start = this.peek().start;
      const expr = this.parseExpr(L_OR);
      const exprEnd = this.lastEnd;
      let alias: string | null = null;
      let aliasStart: number | null = null;
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        const name = this.peek();
        if (name.type !== 'name') this.syntaxError(name, 'a name after AS', this.reservedHint(name));
        this.next();
        alias = name.text;
        aliasStart = name.start;
      }
      targets.push({ expr, alias, aliasStart, text: this.text.slice(start, exprEnd), start, end: this.lastEnd });
      if (this.peek().type !== 'comma') return targets;
      this.next();
    }
  }

  private parseExprList(): Expr[] {
    const list = [this.parseExpr(L_OR)];
    while (this.peek().type === 'comma') {
      this.next();
      list.push(this.parseExpr(L_OR));
    }
    return list;
  }

  private parseOrderKeys(): OrderKey[] {
    const keys: OrderKey[] = [];
    for (;;) {
      const expr = this.parseExpr(L_OR);
      let desc = false;
      const t = this.peek();
      if (this.isWord(t, 'asc') || this.isWord(t, 'desc')) {
        this.next();
        desc = t.lower === 'desc';
      }
      keys.push({ expr, desc, start: expr.start, end: this.lastEnd });
      if (this.peek().type !== 'comma') return keys;
      this.next();
    }
  }

  /** LIMIT / OFFSET count: a non-negative 64-bit integer literal or a parameter. */
  private parseCount(what: string): Count {
    const t = this.peek();
    if (t.type === 'param') return this.parseParam();
    if (t.type !== 'int') this.syntaxError(t, `a non-negative integer or a parameter after ${what}`);
    this.next();
    const value = BigInt(t.text);
    if (value > INT64_MAX) this.fail(t, `the ${what} count ${t.text} does not fit in 64 bits`);
    return { kind: 'Literal', type: 'int', value, start: t.start, end: t.end };
  }

  private parseBalances(): BalancesStmt {
    const kw = this.next();
    const at = this.parseAt();
    const from = this.isWord(this.peek(), 'from') ? this.parseFrom() : null;
    let where: Expr | null = null;
    if (this.isWord(this.peek(), 'where')) {
      this.next();
      where = this.parseExpr(L_OR);
    }
    const stmt: BalancesStmt = { kind: 'Balances', at, from, where, start: kw.start, end: this.lastEnd };
    const remaining = where ? [] : from ? ['WHERE'] : at ? ['FROM', 'WHERE'] : ['AT', 'FROM', 'WHERE'];
    this.expectEnd(remaining, (t) =>
      t.type === 'kw' && SELECT_CLAUSE_WORDS.has(t.lower)
        ? `!syntax error: BALANCES takes no ${clauseName(t.lower)} clause (only AT, FROM and WHERE)`
        : null,
    );
    return stmt;
  }

  private parseJournal(): JournalStmt {
    const kw = this.next();
    let pattern: StrLiteral | Param | null = null;
    const t = this.peek();
    if (t.type === 'str') {
      this.next();
      pattern = strLiteral(t);
    } else if (t.type === 'param') {
      pattern = this.parseParam();
    }
    const at = this.parseAt();
    const from = this.isWord(this.peek(), 'from') ? this.parseFrom() : null;
    const stmt: JournalStmt = { kind: 'Journal', pattern, at, from, start: kw.start, end: this.lastEnd };
    const remaining = from ? [] : at ? ['FROM'] : pattern ? ['AT', 'FROM'] : ['a pattern', 'AT', 'FROM'];
    this.expectEnd(remaining, (u) =>
      u.type === 'kw' && SELECT_CLAUSE_WORDS.has(u.lower)
        ? `!syntax error: JOURNAL takes no ${clauseName(u.lower)} clause (only a pattern, AT and FROM)`
        : null,
    );
    return stmt;
  }

  /** `AT name` (a function written without parentheses), or null. */
  private parseAt(): AtFunction | null {
    if (!this.isWord(this.peek(), 'at')) return null;
    this.next();
    const t = this.peek();
    if (t.type !== 'name') this.syntaxError(t, 'a function name after AT');
    this.next();
    if (this.peek().type === 'lparen') {
      this.fail(this.peek(), `syntax error: write the AT function without parentheses (AT ${t.text})`);
    }
    return { name: t.lower, start: t.start, end: t.end };
  }

  // -------------------------------------------------------------------------------------------
  // FROM

  private parseFrom(): FromClause {
    const kw = this.next();
    const clause: FromClause = {
      table: null,
      expr: null,
      open: null,
      close: null,
      clear: false,
      start: kw.start,
      end: 0,
    };
    const t = this.peek();
    if (t.type === 'table') {
      this.next();
      clause.table = { name: t.text.slice(1), start: t.start, end: t.end };
      clause.end = t.end;
      const u = this.peek();
      if (this.isWord(u, 'open') || this.isWord(u, 'close') || this.isWord(u, 'clear')) {
        this.fail(
          u,
          `syntax error: a table stands alone in FROM: ${u.text.toUpperCase()} cannot follow ${t.text} (filter its rows with WHERE)`,
        );
      }
      return clause;
    }
    if (t.type === 'hash') {
      this.fail(t, "syntax error: FROM # (the one-row table) is not supported; name a table such as #postings");
    }
    if (t.type === 'lparen' && this.isWord(this.peek(1), 'select')) {
      this.fail(this.peek(1), 'syntax error: subqueries are not supported');
    }
    const isClauseWord = (u: PTok) => this.isWord(u, 'open') || this.isWord(u, 'close') || this.isWord(u, 'clear');
    this.inFrom = true;
    // Extension (issue 16): `FILTER (cond)` chooses postings before the period clauses (ast.ts).
    if (this.isWord(t, 'filter') && this.peek(1).type === 'lparen') {
      this.next();
      const open = this.next();
      this.enter(open);
      clause.prefilter = this.parseExpr(L_OR);
      this.expectType('rparen', "')' to close FILTER (");
      this.leave();
      const u = this.peek();
      if (u.type === 'eof' || (!isClauseWord(u) && !this.startsExpression(u))) {
        this.inFrom = false;
        clause.end = this.lastEnd;
        return clause;
      }
    }
    if (clause.prefilter) {
      if (!isClauseWord(this.peek())) clause.expr = this.parseExpr(L_OR);
    } else if (!isClauseWord(t)) {
      if (!this.startsExpression(t)) {
        this.syntaxError(t, 'a #table, an expression, OPEN ON, CLOSE or CLEAR after FROM', this.reservedHint(t));
      }
      clause.expr = this.parseExpr(L_OR);
      const e = clause.expr;
      if (e.kind === 'Literal' && e.type === 'str' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(e.value)) {
        this.fail(e.start, `syntax error: table names are not quoted: write FROM #${e.value}`);
      }
    }
    // Period clauses: OPEN ON, CLOSE [ON], CLEAR, in this order, each at most once.
    for (let u = this.peek(); isClauseWord(u); u = this.peek()) {
      if (u.lower === 'open') {
        if (clause.open) this.fail(u, 'syntax error: OPEN ON may appear only once');
        if (clause.close) this.fail(u, 'syntax error: OPEN ON must come before CLOSE');
        if (clause.clear) this.fail(u, 'syntax error: OPEN ON must come before CLEAR');
        this.next();
        this.expectWord('on', 'ON after OPEN');
        const date = this.parsePeriodDate('OPEN ON');
        clause.open = { date, start: u.start, end: this.lastEnd } satisfies OpenClause;
      } else if (u.lower === 'close') {
        if (clause.close) this.fail(u, 'syntax error: CLOSE may appear only once');
        if (clause.clear) this.fail(u, 'syntax error: CLOSE must come before CLEAR');
        this.next();
        let date: PeriodDate | null = null;
        if (this.isWord(this.peek(), 'on')) {
          this.next();
          date = this.parsePeriodDate('CLOSE ON');
        }
        clause.close = { date, start: u.start, end: this.lastEnd } satisfies CloseClause;
      } else {
        if (clause.clear) this.fail(u, 'syntax error: CLEAR may appear only once');
        this.next();
        clause.clear = true;
      }
    }
    this.inFrom = false;
    const open = clause.open?.date;
    const close = clause.close?.date;
    if (open?.kind === 'Literal' && close?.kind === 'Literal' && close.value < open.value) {
      this.fail(
        close.start,
        `the CLOSE date ${formatDate(close.value)} is before the OPEN date ${formatDate(open.value)}`,
      );
    }
    clause.end = this.lastEnd;
    return clause;
  }

  private parsePeriodDate(what: string): PeriodDate {
    const t = this.peek();
    if (t.type === 'param') return this.parseParam();
    if (t.type !== 'date') this.syntaxError(t, `an unquoted date (YYYY-MM-DD) or a parameter after ${what}`);
    return this.parseDateLiteral();
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  /** Parses an expression whose operators all bind at least as tightly as `min`. */
  private parseExpr(min: number): Expr {
    let left = this.parsePrefix(min);
    // Level of the operator that produced `left` (comparisons must not chain).
    let leftLevel = L_PRIMARY;
    for (;;) {
      const t = this.peek();
      const level = this.infixLevel(t);
      if (level === 0 || level < min) return left;
      if (level === L_OR || level === L_AND) {
        const op = level === L_OR ? 'or' : 'and';
        const args = [left];
        while (this.isWord(this.peek(), op)) {
          this.next();
          args.push(this.parseExpr(level + 1));
        }
        left = { kind: 'Logical', op, args, start: left.start, end: this.lastEnd };
      } else if (level === L_ADD || level === L_MUL) {
        const rest: Arith['rest'] = [];
        while (this.infixLevel(this.peek()) === level) {
          const op = this.next();
          rest.push({ op: op.text as ArithOp, opStart: op.start, operand: this.parseExpr(level + 1) });
        }
        left = { kind: 'Arith', first: left, rest, start: left.start, end: this.lastEnd };
      } else {
        if (leftLevel === L_CMP) {
          this.fail(
            t,
            `syntax error: comparisons cannot be chained: found ${this.describe(t)} after a comparison (join comparisons with AND)`,
          );
        }
        left = this.parseComparison(left);
      }
      leftLevel = level;
    }
  }

  /** Binding level of a token in operator position; 0 if it is no operator. */
  private infixLevel(t: PTok): number {
    if (t.type === 'op') {
      switch (t.text) {
        case '*':
        case '/':
          return L_MUL;
        case '+':
        case '-':
          return L_ADD;
        case '%':
          this.fail(t, 'syntax error: the remainder operator % is not supported');
      }
      return L_CMP;
    }
    if (t.type === 'kw') {
      switch (t.lower) {
        case 'or':
          return L_OR;
        case 'and':
          return L_AND;
        case 'in':
        case 'is':
        case 'not':
          return L_CMP;
      }
      return 0;
    }
    if (t.type === 'lbracket') {
      this.fail(t, "syntax error: subscripts are not supported; read metadata with meta('name')");
    }
    if (t.type === 'name') {
      if (t.lower === 'between') {
        this.fail(t, 'syntax error: BETWEEN is not supported; write x >= a AND x <= b');
      }
      if (t.lower === 'like' || t.lower === 'ilike') {
        this.fail(t, `syntax error: ${t.text.toUpperCase()} is not supported; match with ~ (regular expression)`);
      }
    }
    return 0;
  }

  /** One comparison-level operator applied to `left` (the operator is the next token). */
  private parseComparison(left: Expr): Expr {
    const t = this.next();
    if (t.type === 'op') {
      const right = this.parseExpr(L_ADD);
      return { kind: 'Binary', op: COMPARE_OPS[t.text], opStart: t.start, left, right, start: left.start, end: this.lastEnd };
    }
    if (t.lower === 'is') {
      let negated = false;
      if (this.isWord(this.peek(), 'not')) {
        this.next();
        negated = true;
      }
      this.expectWord('null', negated ? 'NULL after IS NOT' : 'NULL or NOT NULL after IS');
      return { kind: 'IsNull', negated, opStart: t.start, operand: left, start: left.start, end: this.lastEnd };
    }
    const negated = t.lower === 'not';
    if (negated) this.expectWord('in', 'IN after NOT');
    let right: In['right'];
    if (this.peek().type === 'lparen') {
      right = this.parseInList();
    } else {
      if (!this.startsExpression(this.peek())) this.syntaxError(this.peek(), "a list in parentheses or an expression after IN");
      right = this.parseExpr(L_ADD);
    }
    return { kind: 'In', negated, opStart: t.start, left, right, start: left.start, end: this.lastEnd };
  }

  private parseInList(): InList {
    const lp = this.next();
    if (this.isWord(this.peek(), 'select')) this.fail(this.peek(), 'syntax error: subqueries are not supported');
    this.enter(lp);
    const items = [this.parseExpr(L_OR)];
    while (this.peek().type === 'comma') {
      this.next();
      items.push(this.parseExpr(L_OR));
    }
    this.expectType('rparen', "',' or ')' in the IN list");
    this.leave();
    return { kind: 'List', items, start: lp.start, end: this.lastEnd };
  }

  private parsePrefix(min: number): Expr {
    const t = this.peek();
    if (this.isWord(t, 'not')) {
      if (min > L_NOT) {
        this.fail(t, 'syntax error: NOT binds looser than comparisons and arithmetic; put NOT ... in parentheses here');
      }
      this.next();
      this.enter(t);
      const operand = this.parseExpr(L_NOT);
      this.leave();
      return { kind: 'Unary', op: 'not', operand, start: t.start, end: this.lastEnd };
    }
    if (t.type === 'op' && (t.text === '-' || t.text === '+')) {
      this.next();
      this.enter(t);
      const operand = this.parseExpr(L_UNARY);
      this.leave();
      return { kind: 'Unary', op: t.text as '-' | '+', operand, start: t.start, end: this.lastEnd };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case 'int': {
        this.next();
        const value = BigInt(t.text);
        // A literal beyond 64 bits is a decimal (spec "Literals").
        if (value > INT64_MAX) return { kind: 'Literal', type: 'decimal', value: Dec.of(t.text), start: t.start, end: t.end };
        return { kind: 'Literal', type: 'int', value, start: t.start, end: t.end };
      }
      case 'dec': {
        this.next();
        const value = Dec.parse(t.text);
        if (!value) this.fail(t, `syntax error: invalid number ${t.text}`);
        return { kind: 'Literal', type: 'decimal', value, start: t.start, end: t.end };
      }
      case 'str':
        this.next();
        return strLiteral(t);
      case 'date':
        return this.parseDateLiteral();
      case 'param':
        return this.parseParam();
      case 'field':
        return this.parseField();
      case 'lparen': {
        if (this.isWord(this.peek(1), 'select')) this.fail(this.peek(1), 'syntax error: subqueries are not supported');
        this.next();
        this.enter(t);
        const inner = this.parseExpr(L_OR);
        this.expectType('rparen', "')'");
        this.leave();
        return inner;
      }
      case 'kw':
        if (t.lower === 'null') {
          this.next();
          return { kind: 'Literal', type: 'null', value: null, start: t.start, end: t.end };
        }
        if (t.lower === 'true' || t.lower === 'false') {
          this.next();
          return { kind: 'Literal', type: 'bool', value: t.lower === 'true', start: t.start, end: t.end };
        }
        break;
      case 'name':
        return this.parseName();
      case 'table':
        return this.fail(t, `syntax error: a table name such as ${t.text} can only follow FROM`);
      case 'op':
        if (t.text === '*') this.fail(t, "syntax error: '*' stands only alone after SELECT or in count(*)");
        break;
    }
    this.syntaxError(t, 'an expression', this.reservedHint(t));
  }

  /** A name: CASE WHEN, a function call or a column. */
  private parseName(): Expr {
    const t = this.peek();
    const after = this.peek(1);
    if (t.lower === 'case') {
      if (this.isWord(after, 'when')) return this.parseCase();
      // `case` followed by an operand (not an operator or '(') can only be the CASE x WHEN form.
      if (this.startsExpression(after) && after.type !== 'lparen' && after.type !== 'op') {
        this.fail(t, 'syntax error: the form CASE x WHEN ... is not supported; write CASE WHEN x = value THEN ... END');
      }
    }
    if ((this.caseDepth > 0 && CASE_WORDS.has(t.lower)) || (this.inFrom && FROM_WORDS.has(t.lower))) {
      this.syntaxError(t, 'an expression', ` (${t.text.toUpperCase()} is a keyword here)`);
    }
    if (after.type === 'lparen') {
      const call = this.parseCall();
      if (t.lower === 'case' && this.isWord(this.peek(), 'when')) {
        this.fail(t, 'syntax error: the form CASE x WHEN ... is not supported; write CASE WHEN x = value THEN ... END');
      }
      return call;
    }
    this.next();
    return { kind: 'Column', name: t.lower, field: null, fieldStart: null, start: t.start, end: t.end } satisfies Column;
  }

  private parseField(): Column {
    const t = this.next();
    const dot = t.text.indexOf('.');
    const base = t.lower.slice(0, dot);
    if (isReserved(base)) this.syntaxError(t, 'an expression', ` (${base.toUpperCase()} is a reserved word)`);
    return {
      kind: 'Column',
      name: base,
      field: t.lower.slice(dot + 1),
      fieldStart: t.start + dot + 1,
      start: t.start,
      end: t.end,
    };
  }

  private parseCall(): Call {
    const name = this.next();
    const lp = this.next();
    this.enter(lp);
    const call: Call = { kind: 'Call', name: name.lower, nameEnd: name.end, args: [], star: false, start: name.start, end: 0 };
    const t = this.peek();
    if (t.type === 'op' && t.text === '*') {
      if (name.lower !== 'count') this.fail(t, "syntax error: '*' is only allowed in count(*)");
      this.next();
      call.star = true;
      this.expectType('rparen', "')' after count(*");
    } else if (t.type === 'rparen') {
      this.next();
    } else {
      call.args.push(this.parseExpr(L_OR));
      while (this.peek().type === 'comma') {
        this.next();
        call.args.push(this.parseExpr(L_OR));
      }
      this.expectType('rparen', `',' or ')' in the arguments of ${name.text}`);
    }
    this.leave();
    call.end = this.lastEnd;
    return call;
  }

  private parseCase(): Case {
    const kw = this.next();
    this.enter(kw);
    this.caseDepth++;
    const whens: WhenClause[] = [];
    while (this.isWord(this.peek(), 'when')) {
      this.next();
      const cond = this.parseExpr(L_OR);
      this.expectWord('then', 'THEN');
      const value = this.parseExpr(L_OR);
      whens.push({ cond, value });
    }
    let elseExpr: Expr | null = null;
    if (this.isWord(this.peek(), 'else')) {
      this.next();
      elseExpr = this.parseExpr(L_OR);
      this.expectWord('end', 'END');
    } else {
      this.expectWord('end', 'WHEN, ELSE or END');
    }
    this.caseDepth--;
    this.leave();
    return { kind: 'Case', whens, else: elseExpr, start: kw.start, end: this.lastEnd };
  }

  private parseDateLiteral(): DateLiteral {
    const t = this.next();
    const value = parseDate(t.text);
    if (value === null) this.fail(t, `invalid date ${t.text}`);
    return { kind: 'Literal', type: 'date', value, start: t.start, end: t.end };
  }

  private parseParam(): Param {
    const t = this.next();
    if (!PARAM_RE.test(t.text)) {
      this.fail(t, `syntax error: invalid parameter ${t.text}: parameters are written $1, $2, ... or :name`);
    }
    return { kind: 'Param', name: t.text.slice(1), start: t.start, end: t.end };
  }

  /** Whether a token can begin an expression (used to choose between readings and for messages). */
  private startsExpression(t: PTok): boolean {
    switch (t.type) {
      case 'int':
      case 'dec':
      case 'str':
      case 'date':
      case 'param':
      case 'field':
      case 'lparen':
      case 'name':
        return true;
      case 'op':
        return t.text === '-' || t.text === '+';
      case 'kw':
        return t.lower === 'not' || t.lower === 'null' || t.lower === 'true' || t.lower === 'false';
      default:
        return false;
    }
  }

  private reservedHint(t: PTok): string {
    return t.type === 'kw' && !this.startsExpression(t)
      ? ` (${t.text.toUpperCase()} is a reserved word and cannot name a column)`
      : '';
  }
}

function strLiteral(t: PTok): StrLiteral {
  return {
    kind: 'Literal',
    type: 'str',
    value: t.text.slice(1, -1),
    quote: t.text[0] === '"' ? '"' : "'",
    start: t.start,
    end: t.end,
  };
}

function orList(items: string[]): string {
  return items.length === 1 ? items[0] : items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1];
}

function clauseName(word: string): string {
  return word === 'group' || word === 'order' || word === 'pivot' ? word.toUpperCase() + ' BY' : word.toUpperCase();
}
