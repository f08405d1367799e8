/** The Python-literal reader used for plugin configs (what Python's ast.literal_eval accepts). */
import { describe, expect, it } from 'vitest';
import { LiteralError, parsePyLiteral } from '../../../../engine/ledger/plugins/literal';

describe('parsePyLiteral', () => {
  it('reads strings with both quotes, escapes, raw and triple-quoted forms, and joins adjacent ones', () => {
    expect(parsePyLiteral(`'a\\'b'`)).toEqual({ t: 'str', v: "a'b" });
    expect(parsePyLiteral(`"x\\ty\\u00e9"`)).toEqual({ t: 'str', v: 'x\ty\u00e9' });
    expect(parsePyLiteral(`r'D:\\s+'`)).toEqual({ t: 'str', v: 'D:\\s+' });
    expect(parsePyLiteral(`'''multi\nline'''`)).toEqual({ t: 'str', v: 'multi\nline' });
    expect(parsePyLiteral(`'ab' "cd"`)).toEqual({ t: 'str', v: 'abcd' });
  });
  it('keeps numbers as decimal text (a float never becomes binary)', () => {
    expect(parsePyLiteral('0.01')).toEqual({ t: 'num', v: '0.01', float: true });
    expect(parsePyLiteral('-12')).toEqual({ t: 'num', v: '-12', float: false });
    expect(parsePyLiteral('1_000')).toEqual({ t: 'num', v: '1000', float: false });
  });
  it('reads dicts, lists, tuples, sets, True/False/None, with trailing commas and comments', () => {
    expect(parsePyLiteral(`{'tag': 'kid', 'n': None, 'ok': True,}  # comment`)).toEqual({
      t: 'dict',
      entries: [
        [{ t: 'str', v: 'tag' }, { t: 'str', v: 'kid' }],
        [{ t: 'str', v: 'n' }, { t: 'none' }],
        [{ t: 'str', v: 'ok' }, { t: 'bool', v: true }],
      ],
    });
    expect(parsePyLiteral(`[('A', 'D:x'), ('B',)]`)).toEqual({
      t: 'list',
      items: [
        { t: 'tuple', items: [{ t: 'str', v: 'A' }, { t: 'str', v: 'D:x' }] },
        { t: 'tuple', items: [{ t: 'str', v: 'B' }] },
      ],
    });
    expect(parsePyLiteral(`('x')`)).toEqual({ t: 'str', v: 'x' });
    expect(parsePyLiteral(`{'a', 'b'}`)).toEqual({ t: 'set', items: [{ t: 'str', v: 'a' }, { t: 'str', v: 'b' }] });
    expect(parsePyLiteral('{}')).toEqual({ t: 'dict', entries: [] });
  });
  it('refuses anything that is not a literal, with the position', () => {
    expect(() => parsePyLiteral(`__import__('os')`)).toThrow(/the name __import__ is not a literal/);
    expect(() => parsePyLiteral(`{'a': 1`)).toThrow(LiteralError);
    expect(() => parsePyLiteral(`'open`)).toThrow(/unterminated string/);
    expect(() => parsePyLiteral(`1 + 2`)).toThrow(/unexpected text after the value at character 3/);
    expect(() => parsePyLiteral('')).toThrow(/expected a value at the end/);
  });
});
