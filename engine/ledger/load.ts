/**
 * Files to one directive list. The main file is parsed, and each `include` is replaced by the
 * included file's directives at the include's place (depth-first, as if pasted there). Include
 * paths are relative to the including file; glob patterns (`*`, `?`, `[...]`, `**`) are expanded
 * with tinyglobby and their matches read in sorted order. Each file's own extension decides its
 * format (`.zhang` or Beancount).
 *
 * Missing files, patterns matching nothing, include cycles and files included twice are ledger
 * errors at the include directive, never exceptions.
 *
 * Choices where Beancount differs or the spec is silent:
 * - options of included files count like the main file's (Beancount 2 ignores them);
 * - a file reached a second time (not a cycle) is not read again and is reported, as Beancount
 *   reports "Duplicate filename parsed";
 * - plugins are collected here; the unsupported-plugin error is reported by plugins.ts
 *   (planPlugins), which implements the native ones, so it is reported once.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { globSync } from 'tinyglobby';
import type { DirectiveAst, FileFormat, OptionAst, PluginAst, SourceRef } from './ast';
import { SyntaxErrors, type LedgerError, type SyntaxSite } from './errors';
import { parseText } from './syntax';

export interface LoadResult {
  /** Directory of the main file: relative paths of errors, ids and zhang documents start here. */
  root: string;
  /** Format of the main file. */
  format: FileFormat;
  /** Every file read, absolute, main first, in reading order. */
  files: string[];
  /**
   * Include targets that do not exist (absolute): the watcher watches them too, so creating the
   * file reloads the ledger and clears the IncludeNotFound error.
   */
  missing: string[];
  directives: DirectiveAst[];
  options: OptionAst[];
  plugins: PluginAst[];
  errors: LedgerError[];
}

/** Returns the file's text, or null when it does not exist or cannot be read. */
export type ReadFile = (path: string) => string | null;
/** Absolute paths of the files matching an absolute glob pattern. */
export type ExpandGlob = (absolutePattern: string) => string[];

export function readFileOrNull(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function globOnDisk(absolutePattern: string): string[] {
  try {
    return globSync(absolutePattern.split(nodePath.sep).join('/'), { absolute: true, onlyFiles: true, expandDirectories: false }).map((p) =>
      nodePath.resolve(p),
    );
  } catch {
    return [];
  }
}

export function formatOf(file: string): FileFormat {
  return nodePath.extname(file).toLowerCase() === '.zhang' ? 'zhang' : 'beancount';
}

function hasGlob(pattern: string): boolean {
  return /[*?[]/.test(pattern);
}

export function loadFiles(mainFile: string, readFile: ReadFile = readFileOrNull, expandGlob: ExpandGlob = globOnDisk): LoadResult {
  const main = nodePath.resolve(mainFile);
  const root = nodePath.dirname(main);
  const out: LoadResult = { root, format: formatOf(main), files: [], missing: [], directives: [], options: [], plugins: [], errors: [] };
  const seen = new Set<string>();
  const display = (p: string) => {
    const rel = nodePath.relative(root, p);
    return rel.startsWith('..') || nodePath.isAbsolute(rel) ? p : rel.split(nodePath.sep).join('/');
  };

  const text = readFile(main);
  if (text === null) {
    out.errors.push(SyntaxErrors.fileNotFound(main));
    return out;
  }

  const visit = (file: string, content: string, chain: string[]) => {
    seen.add(file);
    out.files.push(file);
    const parsed = parseText(content, file, formatOf(file));
    let bytes: Buffer | null = null;
    const siteOf = (src: SourceRef): SyntaxSite => {
      bytes ??= Buffer.from(content, 'utf8');
      return { src, source: bytes.subarray(src.start, src.end).toString('utf8'), date: null };
    };
    // Everything of this file before an include's position comes before the included directives.
    let di = 0;
    let oi = 0;
    let pi = 0;
    let ei = 0;
    const flushBefore = (pos: number) => {
      const { directives, options, plugins, errors } = parsed;
      while (di < directives.length && directives[di].src.start < pos) out.directives.push(directives[di++]);
      while (oi < options.length && options[oi].src.start < pos) out.options.push(options[oi++]);
      while (pi < plugins.length && plugins[pi].src.start < pos) out.plugins.push(plugins[pi++]);
      while (ei < errors.length && (errors[ei].src?.start ?? Infinity) < pos) out.errors.push(errors[ei++]);
    };
    for (const inc of parsed.includes) {
      flushBefore(inc.src.start);
      const absPattern = nodePath.resolve(nodePath.dirname(file), inc.pattern);
      let targets: string[];
      if (hasGlob(inc.pattern)) {
        targets = [...new Set(expandGlob(absPattern).map((p) => nodePath.resolve(p)))].sort();
        if (targets.length === 0) {
          out.errors.push(SyntaxErrors.includeNoMatch(siteOf(inc.src), inc.pattern));
          continue;
        }
      } else targets = [absPattern];
      for (const target of targets) {
        if (chain.includes(target)) {
          out.errors.push(SyntaxErrors.includeCycle(siteOf(inc.src), inc.pattern, [...chain, target].map(display)));
          continue;
        }
        if (seen.has(target)) {
          out.errors.push(SyntaxErrors.duplicateInclude(siteOf(inc.src), inc.pattern, display(target)));
          continue;
        }
        const t = readFile(target);
        if (t === null) {
          out.missing.push(target);
          out.errors.push(SyntaxErrors.includeNotFound(siteOf(inc.src), inc.pattern, display(target)));
          continue;
        }
        visit(target, t, [...chain, target]);
      }
    }
    flushBefore(Infinity);
  };

  visit(main, text, [main]);
  return out;
}
