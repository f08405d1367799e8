import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RecentFiles } from '../../../main/electron/recent-files';
import { tempDir, type TempDir } from '../fake-ledger';

let tmp: TempDir;
afterEach(() => tmp?.cleanup());

describe('RecentFiles', () => {
  it('keeps the most recent first, without duplicates, up to max, and persists as JSON', () => {
    tmp = tempDir();
    const store = path.join(tmp.dir, 'profile', 'recent-files.json');
    const recent = new RecentFiles(store, { max: 3 });
    expect(recent.list()).toEqual([]);
    recent.add('/l/a.bean');
    recent.add('/l/b.bean');
    recent.add('/l/a.bean');
    expect(recent.list()).toEqual(['/l/a.bean', '/l/b.bean']);
    recent.add('/l/c.bean');
    recent.add('/l/d.bean');
    expect(recent.list()).toEqual(['/l/d.bean', '/l/c.bean', '/l/a.bean']);
    expect(JSON.parse(fs.readFileSync(store, 'utf8'))).toEqual({ version: 1, files: ['/l/d.bean', '/l/c.bean', '/l/a.bean'] });
    // A new instance (the next start) reads the same list.
    expect(new RecentFiles(store, { max: 3 }).list()).toEqual(['/l/d.bean', '/l/c.bean', '/l/a.bean']);
    // No temporary file is left behind.
    expect(fs.readdirSync(path.dirname(store))).toEqual(['recent-files.json']);
  });

  it('stores resolved paths', () => {
    tmp = tempDir();
    const recent = new RecentFiles(path.join(tmp.dir, 'r.json'));
    recent.add('/l/x/../a.bean');
    expect(recent.list()).toEqual([path.resolve('/l/a.bean')]);
  });

  it('removes and clears', () => {
    tmp = tempDir();
    const store = path.join(tmp.dir, 'r.json');
    const recent = new RecentFiles(store);
    recent.add('/a.bean');
    recent.add('/b.bean');
    expect(recent.remove('/a.bean')).toEqual(['/b.bean']);
    recent.clear();
    expect(new RecentFiles(store).list()).toEqual([]);
  });

  it('reopens the most recent ledger that still exists', () => {
    tmp = tempDir();
    const existing = new Set(['/l/b.bean']);
    const recent = new RecentFiles(path.join(tmp.dir, 'r.json'), { exists: (f) => existing.has(f) });
    expect(recent.lastExisting()).toBeNull();
    recent.add('/l/b.bean');
    recent.add('/l/a.bean');
    expect(recent.lastExisting()).toBe('/l/b.bean');
    existing.clear();
    expect(recent.lastExisting()).toBeNull();
  });

  it('reads a broken or foreign file as an empty list and keeps only absolute string paths', () => {
    tmp = tempDir();
    const store = tmp.write('r.json', '{"files": [');
    expect(new RecentFiles(store).list()).toEqual([]);
    fs.writeFileSync(store, '[1,2]');
    expect(new RecentFiles(store).list()).toEqual([]);
    fs.writeFileSync(store, 'null');
    expect(new RecentFiles(store).list()).toEqual([]);
    fs.writeFileSync(store, JSON.stringify({ files: ['/ok.bean', 'relative.bean', 42, '', '/nul\0.bean', '/ok.bean', '/two.bean'] }));
    expect(new RecentFiles(store).list()).toEqual(['/ok.bean', '/two.bean']);
    // The next change replaces the broken content with a clean list.
    fs.writeFileSync(store, 'garbage');
    new RecentFiles(store).add('/n.bean');
    expect(JSON.parse(fs.readFileSync(store, 'utf8'))).toEqual({ version: 1, files: ['/n.bean'] });
  });

  it('keeps working in memory when the store cannot be written', () => {
    tmp = tempDir();
    const blocker = tmp.write('not-a-dir', 'x');
    const recent = new RecentFiles(path.join(blocker, 'r.json'));
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (m: string) => warnings.push(m);
    try {
      expect(recent.add('/a.bean')).toEqual(['/a.bean']);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[recent-files\] cannot save /);
  });
});
