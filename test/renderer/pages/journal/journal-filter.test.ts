import { describe, expect, it } from 'vitest';
import { journalParams, journalUrlQuery, readJournalUrl, splitNames } from '../../../../renderer/pages/journal/journal-filter';

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
});
