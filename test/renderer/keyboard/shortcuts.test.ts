import { describe, expect, it } from 'vitest';
import { interpretKey, isTypingTarget, nextIndex, SHORTCUT_LIST } from '../../../renderer/keyboard/shortcuts';

const press = (keys: string[], typing = false) => {
  let pending = false;
  const actions = [];
  for (const key of keys) {
    const r = interpretKey({ key, typing }, pending);
    pending = r.pending;
    actions.push(r.action);
  }
  return actions;
};

describe('interpretKey', () => {
  it('g then a letter goes to its page; an unknown letter ends the prefix', () => {
    expect(press(['g', 'd'])[1]).toEqual({ kind: 'go', path: '/dashboard' });
    expect(press(['g', 'j'])[1]).toEqual({ kind: 'go', path: '/journal' });
    expect(press(['g', 'b'])[1]).toEqual({ kind: 'go', path: '/balance-sheet' });
    expect(press(['g', 'i'])[1]).toEqual({ kind: 'go', path: '/income-statement' });
    expect(press(['g', 'h'])[1]).toEqual({ kind: 'go', path: '/holdings' });
    expect(press(['g', 'q'])[1]).toEqual({ kind: 'go', path: '/explore' });
    // `g x` does nothing, and the `j` after it is a move again, not a page.
    expect(press(['g', 'x', 'j'])).toEqual([{ kind: 'none' }, { kind: 'none' }, { kind: 'move', delta: 1 }]);
  });
  it('? lists, / and f focus the filter, j/k move, Escape closes', () => {
    expect(press(['?', '/', 'f', 'j', 'k', 'Escape'])).toEqual([
      { kind: 'help' },
      { kind: 'focus-filter' },
      { kind: 'focus-filter' },
      { kind: 'move', delta: 1 },
      { kind: 'move', delta: -1 },
      { kind: 'close' },
    ]);
  });
  it('nothing while typing or with a modifier (Ctrl+Enter, Ctrl+F stay the browser/editor keys)', () => {
    expect(press(['g', 'd', '?', 'j'], true).every((a) => a.kind === 'none')).toBe(true);
    expect(interpretKey({ key: 'f', ctrlKey: true, typing: false }, false).action).toEqual({ kind: 'none' });
    expect(interpretKey({ key: 'd', metaKey: true, typing: false }, true)).toEqual({ action: { kind: 'none' }, pending: false });
  });
});

describe('isTypingTarget', () => {
  it('text inputs, text areas, selects and the editor take keys; checkboxes and buttons do not', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('nextIndex', () => {
  it('starts at the first (j) or last (k) entry and stops at the ends', () => {
    expect([nextIndex(-1, 1, 5), nextIndex(-1, -1, 5), nextIndex(4, 1, 5), nextIndex(0, -1, 5), nextIndex(2, 1, 5), nextIndex(-1, 1, 0)]).toEqual([0, 4, 4, 0, 3, -1]);
  });
  it('every listed shortcut has keys and words', () => {
    expect(SHORTCUT_LIST.length).toBe(13);
    for (const s of SHORTCUT_LIST) expect(s.keys.length > 0 && s.what.length > 0).toBe(true);
  });
});
