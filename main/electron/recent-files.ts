/**
 * The recent-ledgers list: most recent first, no duplicates, at most `max` entries, kept as JSON
 * in the app's data directory (`<userData>/recent-files.json`; the path is a parameter so tests
 * use a temporary file). Its first entry is the ledger that reopens on start.
 *
 * The file is the user's to break: unreadable, malformed or foreign content reads as an empty
 * list (and is replaced on the next change), never an error at start-up. Writes go to a
 * temporary file renamed over the old one, so a crash mid-write cannot leave half a list.
 */
import fs from 'node:fs';
import path from 'node:path';

export const RECENT_FILES_NAME = 'recent-files.json';
export const DEFAULT_MAX_RECENT = 10;

interface Stored {
  version: 1;
  files: string[];
}

export interface RecentFilesOptions {
  max?: number;
  /** Whether a path still exists (tests); default fs.existsSync. */
  exists?: (file: string) => boolean;
}

/** Paths compare by their resolved form, and case-insensitively where the file system is. */
function sameFile(a: string, b: string): boolean {
  if (process.platform === 'win32' || process.platform === 'darwin') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

export class RecentFiles {
  private readonly max: number;
  private readonly exists: (file: string) => boolean;
  private files: string[];

  constructor(
    /** The JSON file, e.g. path.join(app.getPath('userData'), RECENT_FILES_NAME). */
    readonly storePath: string,
    options: RecentFilesOptions = {},
  ) {
    this.max = Math.max(1, options.max ?? DEFAULT_MAX_RECENT);
    this.exists = options.exists ?? ((f) => fs.existsSync(f));
    this.files = this.read();
  }

  /** Most recent first. */
  list(): string[] {
    return [...this.files];
  }

  /** The most recent ledger that still exists (to reopen on start), or null. */
  lastExisting(): string | null {
    return this.files.find((f) => this.exists(f)) ?? null;
  }

  /** Puts a ledger first (opening it); returns the new list. */
  add(file: string): string[] {
    const resolved = path.resolve(file);
    this.files = [resolved, ...this.files.filter((f) => !sameFile(f, resolved))].slice(0, this.max);
    this.write();
    return this.list();
  }

  remove(file: string): string[] {
    const resolved = path.resolve(file);
    this.files = this.files.filter((f) => !sameFile(f, resolved));
    this.write();
    return this.list();
  }

  clear(): void {
    this.files = [];
    this.write();
  }

  private read(): string[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(this.storePath, 'utf8'));
    } catch {
      return [];
    }
    const files = (parsed as Partial<Stored> | null)?.files;
    if (!Array.isArray(files)) return [];
    const out: string[] = [];
    for (const f of files) {
      // Only absolute paths: a relative one would silently mean something else in another cwd.
      if (typeof f === 'string' && f !== '' && !f.includes('\0') && path.isAbsolute(f) && !out.some((o) => sameFile(o, f))) {
        out.push(path.resolve(f));
      }
      if (out.length >= this.max) break;
    }
    return out;
  }

  private write(): void {
    const body: Stored = { version: 1, files: this.files };
    const tmp = `${this.storePath}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.storePath), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify(body, null, 2) + '\n');
      fs.renameSync(tmp, this.storePath);
    } catch (e) {
      // A read-only profile directory loses the list, not the app: the list lives on in memory.
      try {
        fs.rmSync(tmp, { force: true });
      } catch {
        /* the directory itself is unusable: nothing was written */
      }
      console.warn(`[recent-files] cannot save ${this.storePath}: ${(e as Error).message}`);
    }
  }
}
