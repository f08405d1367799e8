/**
 * The keyboard shortcuts (issue 17 §3), as Fava has them: `?` lists them, `g` then a letter goes
 * to a page, `/` or `f` focuses the entry filter, `j`/`k` move through journal entries.
 *
 * Pure: a key (with its target's kind) and the pending prefix in, an action out, so every rule is
 * unit-tested without a DOM. Keys typed into an input, a select, a text area or the query editor
 * (contenteditable) are never shortcuts, and neither are keys with Ctrl, Alt or Meta.
 */

export type ShortcutAction =
  | { kind: 'help' }
  | { kind: 'go'; path: string }
  | { kind: 'focus-filter' }
  | { kind: 'move'; delta: 1 | -1 }
  | { kind: 'close' }
  | { kind: 'none' };

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** The event target is somewhere text is typed. */
  typing: boolean;
}

/** `g` then this letter: the page (routes of router.ts). */
export const GO_KEYS: Readonly<Record<string, { path: string; label: string }>> = {
  d: { path: '/dashboard', label: 'Dashboard' },
  j: { path: '/journal', label: 'Journal' },
  b: { path: '/balance-sheet', label: 'Balance sheet' },
  i: { path: '/income-statement', label: 'Income statement' },
  h: { path: '/holdings', label: 'Holdings' },
  q: { path: '/explore', label: 'Query' },
};

/** The list the help dialog shows, in this order. */
export const SHORTCUT_LIST: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['?'], what: 'Show this list' },
  ...Object.entries(GO_KEYS).map(([k, v]) => ({ keys: ['g', k], what: `Go to ${v.label}` })),
  { keys: ['/'], what: 'Focus the filter' },
  { keys: ['f'], what: 'Focus the filter' },
  { keys: ['j'], what: 'Next journal entry' },
  { keys: ['k'], what: 'Previous journal entry' },
  { keys: ['Escape'], what: 'Close this list' },
  { keys: ['Ctrl', 'Enter'], what: 'Run the query (Query page)' },
];

/** Whether an element takes typed text (then its keys are the user's text, not shortcuts). */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (el === null || el === undefined) return false;
  if (el.isContentEditable) return true;
  const tag = (el.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Checkboxes, radios and buttons take no text: shortcuts still work on them.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes((el.type ?? 'text').toLowerCase());
}

/**
 * One key press. `pending` is true after a lone `g`; the returned `pending` is the new state.
 * An unknown letter after `g` ends the prefix and does nothing.
 */
export function interpretKey(input: KeyInput, pending: boolean): { action: ShortcutAction; pending: boolean } {
  const none = { kind: 'none' } as const;
  if (input.key === 'Escape') return { action: { kind: 'close' }, pending: false };
  if (input.typing || input.ctrlKey || input.altKey || input.metaKey) return { action: none, pending: false };
  if (pending) {
    const go = GO_KEYS[input.key];
    return { action: go ? { kind: 'go', path: go.path } : none, pending: false };
  }
  switch (input.key) {
    case 'g':
      return { action: none, pending: true };
    case '?':
      return { action: { kind: 'help' }, pending: false };
    case '/':
    case 'f':
      return { action: { kind: 'focus-filter' }, pending: false };
    case 'j':
      return { action: { kind: 'move', delta: 1 }, pending: false };
    case 'k':
      return { action: { kind: 'move', delta: -1 }, pending: false };
    default:
      return { action: none, pending: false };
  }
}

/** The entry after a move of `delta` among `count` entries from `current` (-1: none yet). */
export function nextIndex(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + delta));
}
