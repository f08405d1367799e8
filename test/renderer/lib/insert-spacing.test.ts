import { describe, expect, it } from 'vitest';
import { spacedInsert } from '../../../renderer/lib/insert-spacing';

describe('spacedInsert', () => {
  it('spaces a name from the words around it', () => {
    expect(spacedInsert('T', 'account', '')).toBe(' account ');
    expect(spacedInsert('T', 'account', 'W')).toBe(' account ');
    expect(spacedInsert(' ', 'account', ' ')).toBe('account');
    expect(spacedInsert('', 'account', '')).toBe('account ');
  });
  it('no space inside parentheses, before a comma, or after an opened call', () => {
    expect(spacedInsert('(', 'position', ')')).toBe('position');
    expect(spacedInsert(' ', 'number', ',')).toBe('number');
    expect(spacedInsert('T', 'sum(', 'x')).toBe(' sum(');
  });
});
