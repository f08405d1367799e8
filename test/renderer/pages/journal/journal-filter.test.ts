import { describe, expect, it } from 'vitest';
import {
  activeTypes,
  journalBuiltin,
  journalParams,
  journalUrlQuery,
  readJournalUrl,
  splitNames,
  typesValue,
} from '../../../../renderer/pages/journal/journal-filter';

describe('journal filters', () => {
  it('reads the URL, defaulting a missing or bad page to 1', () => {
    expect(readJournalUrl({ page: '3', keyword: 'Coffee', tags: '#a' })).toEqual({ page: 3, keyword: 'Coffee', tags: '#a', links: '' });
    expect(readJournalUrl({ page: '0' }).page).toBe(1);
    expect(readJournalUrl({ page: 'x' }).page).toBe(1);
    expect(readJournalUrl({ page: ['2', '5'] }).page).toBe(2);
  });

  it('splits tags and links on commas and spaces, dropping # and ^ and repeats', () => {
    expect(splitNames('#trip, ^inv-1  work,#trip')).toEqual(['trip', 'inv-1', 'work']);
    expect(splitNames(' , ')).toEqual([]);
  });

  it('gives journals.page NULL for empty filters and the page window', () => {
    expect(journalParams({ page: 3, keyword: '', tags: '', links: '' })).toEqual({ keyword: null, tags: null, links: null, size: 100, offset: 200 });
    // The keyword goes as typed (a parameter, never query text), quotes included.
    expect(journalParams({ page: 1, keyword: "O'Neil", tags: '#a #b', links: '^x' })).toEqual({
      keyword: "O'Neil",
      tags: ['a', 'b'],
      links: ['x'],
      size: 100,
      offset: 0,
    });
  });

  it('writes only non-default values into the URL', () => {
    expect(journalUrlQuery({ page: 1, keyword: '', tags: '', links: '' })).toEqual({});
    expect(journalUrlQuery({ page: 2, keyword: 'k', tags: '', links: '^l' })).toEqual({ page: '2', keyword: 'k', links: '^l' });
  });

  it('entry-type toggles (issue 17 §2): the default set stays out of the URL, all off is an empty types', () => {
    const base = { page: 1, keyword: '', tags: '', links: '' };
    expect(activeTypes(base)).toEqual(['cleared', 'pending', 'other-flags', 'pad', 'balance']);
    // back to the default set (in any order): no types in the URL, the spec's journals.page runs
    expect(typesValue(['balance', 'pad', 'other-flags', 'pending', 'cleared'])).toBe(undefined);
    expect(typesValue(['note', 'cleared'])).toBe('cleared,note');
    expect(typesValue([])).toBe('');
    const notes = readJournalUrl({ types: 'cleared,note' });
    expect(activeTypes(notes)).toEqual(['cleared', 'note']);
    expect(journalUrlQuery({ ...notes, page: 2 })).toEqual({ page: '2', types: 'cleared,note' });
    expect(journalUrlQuery({ ...base, types: '' })).toEqual({ types: '' });
    expect([journalBuiltin(base), journalBuiltin(notes)]).toEqual(['journals.page', 'journals.page_of_types']);
    expect(journalParams({ ...notes, page: 1 })).toEqual({ types: ['cleared', 'note'], keyword: null, tags: null, links: null, size: 100, offset: 0 });
  });
});
