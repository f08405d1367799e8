import { describe, expect, it } from 'vitest';
import {
  HISTORY_KEY, HISTORY_LIMIT, loadHistory, loadLastQuery, saveHistory, saveLastQuery, withEntry, type KeyValueStore,
} from '../../../renderer/lib/query-memory';
import { previewText } from '../../../renderer/lib/text-preview';

class MapStore implements KeyValueStore {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('query memory', () => {
  it('remembers the last text and the history through the store', () => {
    const s = new MapStore();
    saveLastQuery(s, 'SELECT 1');
    saveHistory(s, ['b', 'a']);
    expect(loadLastQuery(s)).toBe('SELECT 1');
    expect(loadHistory(s)).toEqual(['b', 'a']);
  });
  it('moves a repeated query to the front and caps the length', () => {
    expect(withEntry(['a', 'b', 'c'], ' b ')).toEqual(['b', 'a', 'c']);
    let h: string[] = [];
    for (let i = 0; i < 30; i++) h = withEntry(h, `q${i}`);
    expect(h).toHaveLength(HISTORY_LIMIT);
    expect(h[0]).toBe('q29');
    expect(h[HISTORY_LIMIT - 1]).toBe(`q${30 - HISTORY_LIMIT}`);
  });
  it('does not keep blank texts', () => {
    expect(withEntry(['a'], '   ')).toEqual(['a']);
  });
  it('survives garbage, missing storage and a throwing storage', () => {
    const s = new MapStore();
    s.setItem(HISTORY_KEY, '{not json');
    expect(loadHistory(s)).toEqual([]);
    s.setItem(HISTORY_KEY, JSON.stringify(['ok', 3, null, '']));
    expect(loadHistory(s)).toEqual(['ok']);
    expect(loadHistory(null)).toEqual([]);
    const broken: KeyValueStore = {
      getItem() {
        throw new Error('denied');
      },
      setItem() {
        throw new Error('quota');
      },
    };
    expect(loadLastQuery(broken)).toBeNull();
    expect(() => saveLastQuery(broken, 'x')).not.toThrow();
  });
});

describe('previewText', () => {
  it('flattens whitespace and cuts long texts', () => {
    expect(previewText('SELECT\n  account,\tsum(position)')).toBe('SELECT account, sum(position)');
    expect(previewText('x'.repeat(100), 10)).toBe('xxxxxxxxx…');
    expect(previewText('😀'.repeat(20), 5)).toBe('😀😀😀😀…');
  });
});
