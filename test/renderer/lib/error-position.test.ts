import { describe, expect, it } from 'vitest';
import { errorRange, offsetOf } from '../../../renderer/lib/error-position';

describe('offsetOf', () => {
  const text = 'SELECT date,\n  foo(account)\nFROM #x';
  it('maps 1-based line and column to an offset', () => {
    expect(offsetOf(text, 1, 1)).toBe(0);
    expect(offsetOf(text, 2, 3)).toBe(15);
    expect(text.slice(15, 18)).toBe('foo');
    expect(offsetOf(text, 3, 6)).toBe(text.indexOf('#x'));
  });
  it('counts columns in code points, not UTF-16 units', () => {
    const t = "SELECT '😀' + bad";
    // column 14 = 'b' when the emoji counts as one character.
    expect(t.slice(offsetOf(t, 1, 14)!, offsetOf(t, 1, 14)! + 3)).toBe('bad');
  });
  it('clamps past the end of a line or of the text', () => {
    expect(offsetOf(text, 1, 99)).toBe(12);
    expect(offsetOf(text, 9, 1)).toBe(text.length);
  });
  it('has no position without line or column', () => {
    expect(offsetOf(text, null, 3)).toBeNull();
    expect(offsetOf(text, 1, null)).toBeNull();
    expect(offsetOf(text, 0, 1)).toBeNull();
  });
});

describe('errorRange', () => {
  it('covers a name, a table or a quoted string', () => {
    const t = "SELECT foo FROM #nope WHERE account ~ '[' ";
    expect(errorRange(t, 7)).toEqual({ from: 7, to: 10 });
    expect(t.slice(errorRange(t, 16).from, errorRange(t, 16).to)).toBe('#nope');
    const q = t.indexOf("'");
    expect(t.slice(errorRange(t, q).from, errorRange(t, q).to)).toBe("'['");
  });
  it('covers one character for punctuation and nothing at the end', () => {
    expect(errorRange('a = = b', 4)).toEqual({ from: 4, to: 5 });
    expect(errorRange('abc', 3)).toEqual({ from: 3, to: 3 });
  });
});
