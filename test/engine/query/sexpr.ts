/** Test helper: an expression tree as a one-line S-expression, so tests state tree shapes compactly. */
import type { Expr } from '../../../engine/query/ast';
import { formatDate } from '../../../engine/dates';

export function sx(e: Expr): string {
  switch (e.kind) {
    case 'Literal':
      switch (e.type) {
        case 'null':
          return 'NULL';
        case 'bool':
          return e.value ? 'TRUE' : 'FALSE';
        case 'int':
          return `${e.value}i`;
        case 'decimal':
          return `${e.value.toString()}d`;
        case 'str':
          return `'${e.value}'`;
        case 'date':
          return `date:${formatDate(e.value)}`;
      }
      break;
    case 'Column':
      return e.field ? `${e.name}.${e.field}` : e.name;
    case 'Param':
      return /^\d+$/.test(e.name) ? `$${e.name}` : `:${e.name}`;
    case 'Unary':
      return `(${e.op} ${sx(e.operand)})`;
    case 'Arith':
      return `(${sx(e.first)}${e.rest.map((s) => ` ${s.op} ${sx(s.operand)}`).join('')})`;
    case 'Logical':
      return `(${e.op} ${e.args.map(sx).join(' ')})`;
    case 'Binary':
      return `(${e.op} ${sx(e.left)} ${sx(e.right)})`;
    case 'In': {
      const right = e.right.kind === 'List' ? `[${e.right.items.map(sx).join(' ')}]` : sx(e.right);
      return `(${e.negated ? 'notin' : 'in'} ${sx(e.left)} ${right})`;
    }
    case 'IsNull':
      return `(${e.negated ? 'notnull' : 'isnull'} ${sx(e.operand)})`;
    case 'Call':
      return `${e.name}(${e.star ? '*' : e.args.map(sx).join(', ')})`;
    case 'Case':
      return `(case ${e.whens.map((w) => `(when ${sx(w.cond)} ${sx(w.value)})`).join(' ')}${e.else ? ` (else ${sx(e.else)})` : ''})`;
  }
}

