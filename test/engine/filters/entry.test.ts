/**
 * The entry filter parser (Fava's syntax plus comparisons) and the account filter reader: trees
 * for every form, and errors with the filter's name and column.
 */
import { describe, expect, it } from 'vitest';
import { parseEntryFilter, parseAccountFilter, FilterError, type EntryNode } from '../../../engine/filters/index';

/** A compact text form of the tree, to compare shapes. */
function show(n: EntryNode | null): string {
  if (n === null) return 'none';
  switch (n.kind) {
    case 'tag':
      return `#${n.name}`;
    case 'link':
      return `^${n.name}`;
    case 'text':
      return `text(${n.pattern})`;
    case 'key':
      return `${n.key}:(${n.pattern})`;
    case 'compare':
      return `${n.key}${n.op}${n.value.toString()}`;
    case 'not':
      return `not(${show(n.operand)})`;
    case 'and':
    case 'or':
      return `${n.kind}(${n.args.map(show).join(' ')})`;
    case 'any':
    case 'all':
      return `${n.kind}(${show(n.operand)})`;
  }
}

const tree = (text: string) => show(parseEntryFilter(text));

function error(f: () => unknown): FilterError {
  try {
    f();
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('entry filter', () => {
  it('tags, links, keys, words and strings', () => {
    expect(tree('#trip-2024')).toBe('#trip-2024');
    expect(tree('^invoice.2024/03')).toBe('^invoice.2024/03');
    expect(tree('payee:"Corner Shop"')).toBe('payee:(Corner Shop)');
    expect(tree("narration:'rent'")).toBe('narration:(rent)');
    expect(tree('source:card')).toBe('source:(card)');
    expect(tree('groceries')).toBe('text(groceries)');
    expect(tree('"^Whole Foods"')).toBe('text(^Whole Foods)');
    expect(tree('')).toBe('none');
  });
  it('space is and, comma is or (looser), minus excludes, parentheses group', () => {
    expect(tree('#a #b')).toBe('and(#a #b)');
    expect(tree('#a, #b #c')).toBe('or(#a and(#b #c))');
    expect(tree('#a -#b')).toBe('and(#a not(#b))');
    expect(tree('-(#a, #b) ^x')).toBe('and(not(or(#a #b)) ^x)');
    expect(tree('--#a')).toBe('not(not(#a))');
  });
  it('any() and all() over postings, comparisons', () => {
    expect(tree('any(account:"^Assets:Broker")')).toBe('any(account:(^Assets:Broker))');
    expect(tree('all(-account:"Expenses:Food")')).toBe('all(not(account:(Expenses:Food)))');
    expect(tree('any(units > 100)')).toBe('any(units>100)');
    expect(tree('any(units<=-5.50, cost != 3)')).toBe('any(or(units<=-5.50 cost!=3))');
    expect(tree('#trip any(price >= .5)')).toBe('and(#trip any(price>=0.5))');
  });
  it('errors: filter name and column', () => {
    const e = error(() => parseEntryFilter('#a (#b'));
    expect(e.filter).toBe('filter');
    expect(e.column).toBe(7);
    expect(e.message).toBe("entry filter at column 7: expected ')' to close '(' (column 4) but found the end of the filter");
    expect(error(() => parseEntryFilter('#a )')).message).toBe("entry filter at column 4: ')' without a matching '('");
    expect(error(() => parseEntryFilter('#a $')).message).toBe("entry filter at column 4: unexpected character '$'");
    expect(error(() => parseEntryFilter('payee:"Shop')).message).toBe('entry filter at column 7: the string starting here has no closing "');
    expect(error(() => parseEntryFilter('payee: ,')).column).toBe(8);
    expect(error(() => parseEntryFilter('any(units > x)')).message).toBe("entry filter at column 13: expected a number after '>' but found 'x'");
    expect(error(() => parseEntryFilter('payee > 3')).message).toBe("entry filter at column 1: cannot compare 'payee': comparisons work on units, cost, price, weight");
    expect(error(() => parseEntryFilter('#ok narration:"(unclosed"')).message).toMatch(/^entry filter at column 15: "\(unclosed" is not a valid regular expression/);
    expect(error(() => parseEntryFilter(',#a')).message).toBe("entry filter at column 1: expected a tag, a link, key:value, a word or a string but found ','");
  });
  it('columns count characters, not UTF-16 units', () => {
    expect(error(() => parseEntryFilter('"🙂" $')).column).toBe(5);
  });
});

describe('account filter', () => {
  it('an account name selects the account and its children', () => {
    expect(parseAccountFilter('Assets:Bank')).toEqual({ kind: 'name', name: 'Assets:Bank' });
    expect(parseAccountFilter(' Expenses ')).toEqual({ kind: 'name', name: 'Expenses' });
  });
  it('anything else is a regular expression', () => {
    expect(parseAccountFilter('^Assets:(Bank|Cash)')).toEqual({ kind: 'regex', pattern: '^Assets:(Bank|Cash)' });
    expect(parseAccountFilter('food')).toEqual({ kind: 'regex', pattern: 'food' });
    expect(parseAccountFilter('Food')).toEqual({ kind: 'regex', pattern: 'Food' });
    expect(parseAccountFilter('')).toBeNull();
  });
  it('an invalid regular expression is an account filter error', () => {
    const e = error(() => parseAccountFilter('Assets:(Bank'));
    expect(e.filter).toBe('account');
    expect(e.message).toMatch(/^account filter: Assets:\(Bank is neither an account name nor a valid regular expression/);
  });
});
