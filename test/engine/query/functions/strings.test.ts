import { describe, expect, test } from 'vitest';
import { Inventory } from '../../../../engine/query/inventory';
import { metasOf } from '../../../../engine/query/values';
import { amt, call, cost, d, dec, meta, pos, type Arg } from './helpers';
import { maxwidth } from '../../../../engine/query/functions/strings';

const str = (a: Arg) => call('str', [a]);
const mw = (text: string, n: bigint) => call('maxwidth', [['str', text], ['int', n]]);

describe('str', () => {
  test('text forms of every type', () => {
    expect(str(['bool', true])).toBe('TRUE');
    expect(str(['bool', false])).toBe('FALSE');
    expect(str(['int', -7n])).toBe('-7');
    expect(str(['decimal', dec('2.50')])).toBe('2.50');
    expect(str(['str', 'x'])).toBe('x');
    expect(str(['date', d('2024-02-29')])).toBe('2024-02-29');
    expect(str(['set', ['a', 'b']])).toBe('a,b');
    expect(str(['set', []])).toBe('');
    expect(str(['amount', amt('1.5', 'USD')])).toBe('1.5 USD');
    expect(str(['position', pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01'))])).toBe('5 HOOL {500.00 USD, 2024-01-01}');
    expect(str(['inventory', new Inventory([pos('10', 'USD'), pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01'))])])).toBe(
      '(5 HOOL {500.00 USD, 2024-01-01}, 10 USD)',
    );
    expect(str(['interval', { months: 14, days: 0 }])).toBe('1 year 2 months');
    expect(str(['metas', metasOf(meta(['b', '2'], ['a', '1']))])).toBe('a: 1; b: 2');
    expect(str(['null', null])).toBeNull();
  });
});

describe('length', () => {
  test('characters (code points) and set elements', () => {
    expect(call('length', [['str', 'héllo😀']])).toBe(6n);
    expect(call('length', [['str', '']])).toBe(0n);
    expect(call('length', [['set', ['a', 'b']]])).toBe(2n);
    expect(call('length', [['null', null]])).toBeNull();
  });
});

describe('maxwidth', () => {
  test('short text returned with whitespace runs collapsed and ends trimmed', () => {
    expect(mw('  Hello \t\n  world  ', 20n)).toBe('Hello world');
    expect(mw('Hello world', 11n)).toBe('Hello world');
    expect(mw('', 5n)).toBe('');
    expect(mw('😀😀😀😀😀😀 x', 8n)).toBe('😀😀😀😀😀😀 x'); // 8 characters
  });
  test('whole words plus " [...]"', () => {
    expect(mw('Hello  world!', 11n)).toBe('Hello [...]');
    expect(mw('Hello world!', 10n)).toBe('[...]');
    expect(mw('The quick brown fox jumps', 20n)).toBe('The quick [...]'); // 'The quick brown' + 6 = 21
    expect(mw('The quick brown fox jumps', 21n)).toBe('The quick brown [...]');
    expect(mw('Supercalifragilistic', 10n)).toBe('[...]');
    expect(mw('abc def', 5n)).toBe('[...]');
  });
  test('a word may break after a hyphen between letters', () => {
    expect(mw('a well-known fact', 13n)).toBe('a well- [...]');
    expect(mw('a well-known fact', 12n)).toBe('a [...]');
    expect(mw('pay 2024-01 bill now', 16n)).toBe('pay [...]'); // digits around the hyphen: no break
  });
  test('a width below 5 is an error; NULL gives NULL', () => {
    expect(() => mw('abc', 4n)).toThrow('maxwidth: the width must be at least 5, got 4');
    expect(() => mw('abc', -1n)).toThrow(/at least 5/);
    expect(call('maxwidth', [['null', null], ['int', 3n]])).toBeNull();
  });
});

describe('maxwidth on texts that fit (fast path for texts already normalised)', () => {
  test('equals the whitespace normalisation for random texts with spaces, tabs, newlines, NBSP and ideographic spaces', () => {
    const parts = ['a', 'Bé', '😀', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', 'x-y', '[...]'];
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % parts.length;
    for (let k = 0; k < 2000; k++) {
      let s = '';
      const len = next();
      for (let i = 0; i < len; i++) s += parts[next()];
      const normal = s.split(/\s+/u).filter((w) => w !== '').join(' ');
      // The text fits: the result is the normalised text, whether or not it needed normalising.
      expect(maxwidth(s, BigInt(Math.max(5, s.length)))).toBe(normal);
    }
    expect(maxwidth('plain words', 11n)).toBe('plain words');
    expect(maxwidth(' lead', 10n)).toBe('lead');
    expect(maxwidth('two  spaces', 11n)).toBe('two spaces');
    expect(maxwidth('nb\u00a0sp', 10n)).toBe('nb sp');
  });
});
