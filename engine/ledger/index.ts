/**
 * loadLedger: parse, book and validate a ledger into one immutable Snapshot.
 *
 * Stages, each in its own module: load.ts (files, includes, options, plugins) -> options.ts ->
 * plugins/ (transforms; validators after the walk) -> booking/walk.ts (processing order, transactions, lots, pads,
 * balance checks, account lifecycle) -> prices.ts -> documents.ts -> budgets -> errors in file
 * order. Ledger content never throws: every problem becomes a LedgerError. Only a missing main
 * file or an internal bug can throw (the caller reports it as a load problem).
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { CommodityAst, CustomAst, DirectiveAst, EventAst, NoteAst, QueryAst, SourceRef } from './ast';
import { buildBudgets } from './budgets';
import { buildDocuments } from './documents';
import { boundErrorSource } from './error-source';
import type { LedgerError } from './errors';
import { positionId, positionIdWord } from './ids';
import { detach } from './syntax/detach';
import { loadFiles, readFileOrNull, readParsedOrNull, type ParseCache, type ReadFile, type ReadSource } from './load';
import { StreamedFile } from './streamed-read';
import { AsciiBytes } from './syntax/codes';
import { asBuffer } from './chunks';
import { readSpans, type FileStamp } from './file-stamp';
import { readOptions } from './options';
import { runPlugins } from './plugins';
import { LazyPriceMap } from './prices';
import type { PriceRow, Snapshot } from './snapshot';
import { dayIn, makeClock } from './time';
import { walk } from './booking/walk';
import { BookingCache, restoreRecord, type WalkRecord } from './booking/resume';
import { Dec } from '../decimal';

export interface LoadOptions {
  /** Reads a ledger file, null when it does not exist (default: the file system, UTF-8). */
  readFile?: ReadFile;
  /**
   * Reads the files the load parses, an ASCII file as its bytes (AsciiBytes), when the caller
   * can (the engine worker: its parse cache then keeps the bytes it shares with the other
   * workers instead of a text of its own). Default: `readFile`. Plugins still use `readFile`.
   */
  readSource?: ReadSource;
  /** Does a document file exist? (default: the file system). */
  fileExists?: (path: string) => boolean;
  /** The load time: today() of budgets and `loadedAt` (default: now). */
  now?: Date;
  /** Zone used when the ledger has no `timezone` option (default: the machine's). */
  defaultTimezone?: string;
  /** Parsed files of earlier loads: unchanged files are not parsed again (load.ts ParseCache). */
  parseCache?: ParseCache;
  /**
   * Write the postings' numbers for queries while booking (booking/posting-numbers.ts; default
   * true). `check` runs no query and turns them off.
   */
  postingNumbers?: boolean;
}

/**
 * The booking record of each parse cache's last load (booking/resume.ts): the next load's walk
 * resumes from it. Kept beside the ParseCache the engine worker already passes, so the worker
 * needs nothing new; a load without a parse cache walks whole and keeps nothing.
 */
const bookingCaches = new WeakMap<ParseCache, BookingCache>();

/** The booking cache of a parse cache (tests and benchmarks read its counters). */
export function bookingCacheOf(parseCache: ParseCache): BookingCache {
  let c = bookingCaches.get(parseCache);
  if (c === undefined) bookingCaches.set(parseCache, (c = new BookingCache()));
  return c;
}

/**
 * Everything besides the directives that a booked prefix depends on, as text: a record made under
 * other options (tolerances, booking method, zone), another main file or another implicit-prices
 * setting is not resumed from.
 */
function bookingKey(mainFile: string, options: unknown, implicitPrices: boolean): string {
  const text = JSON.stringify(options, (_k, v: unknown) =>
    v instanceof Map ? [...v.entries()] : v instanceof Dec ? 'dec:' + v.toString() : typeof v === 'bigint' ? String(v) : v,
  );
  return `${mainFile}\u0000${implicitPrices}\u0000${text}`;
}

/**
 * Text of a directive (its byte span) for the errors that show it. The texts the load read are
 * reused (`kept`): reading a large file again and encoding it was about 7% of loading a ledger
 * with a few thousand errors. Byte offsets are those of the text's UTF-8 encoding, so a pure ASCII
 * text is sliced directly and others are encoded once.
 */
function sourceReader(readFile: ReadFile, kept: ReadonlyMap<string, string | AsciiBytes>) {
  const cache = new Map<string, Buffer | string | null>();
  return (src: SourceRef): string | null => {
    let buf = cache.get(src.file);
    if (buf === undefined) {
      const k = kept.get(src.file);
      // An ASCII file's bytes: byte offsets are its character offsets. Bytes freed after their
      // parse (loadFiles frees them when no parse cache keeps them) are read again instead.
      if (k instanceof AsciiBytes && k.bytes.buffer.byteLength > 0) buf = asBuffer(k.bytes);
      else {
        let text: ReturnType<ReadFile> | undefined = k instanceof AsciiBytes ? undefined : k;
        if (text === undefined) {
          try {
            text = readFile(src.file);
          } catch {
            text = null;
          }
        }
        buf = typeof text !== 'string' ? null : Buffer.byteLength(text, 'utf8') === text.length ? text : Buffer.from(text, 'utf8');
      }
      cache.set(src.file, buf);
    }
    if (typeof buf === 'string') return src.end < src.start || src.end > buf.length ? null : buf.slice(src.start, src.end);
    if (!buf || src.end < src.start || src.end > buf.length) return null;
    return buf.subarray(src.start, src.end).toString('utf8');
  };
}

export function loadLedger(mainFile: string, opts: LoadOptions = {}): Snapshot {
  const readFile = opts.readFile ?? readFileOrNull;
  const now = opts.now ?? new Date();
  // Texts as read, for the errors' source lines. With the default reader and no parse cache
  // (`check`, a first load) only each file's stamp is kept and an erring directive's span is read
  // back from the file (file-stamp.ts): the whole text alive through the booking was 30 MB of
  // `check`'s peak RSS on the xlarge bench ledger. A parse cache keeps the texts anyway.
  const texts = new Map<string, string | AsciiBytes>();
  const stamps = opts.readFile === undefined && opts.readSource === undefined && opts.parseCache === undefined ? new Map<string, FileStamp>() : null;
  const readSource: ReadSource = opts.readSource ?? readFile;
  const loaded = loadFiles(mainFile, (f) => {
    if (stamps !== null) {
      const r = readParsedOrNull(f);
      if (r instanceof StreamedFile) stamps.set(f, r.stamp);
      return r;
    }
    const t = readSource(f);
    if (typeof t === 'string' || t instanceof AsciiBytes) texts.set(f, t);
    return t;
  }, undefined, opts.parseCache);
  const root = loaded.root;
  const errors: LedgerError[] = [...loaded.errors];

  const relCache = new Map<string, string>();
  const relFile = (file: string) => {
    let r = relCache.get(file);
    if (r === undefined) {
      const rel = nodePath.relative(root, file);
      r = rel.startsWith('..') || nodePath.isAbsolute(rel) ? file : rel.split(nodePath.sep).join('/');
      relCache.set(file, r);
    }
    return r;
  };
  // Ids are made for every directive: consecutive ones are almost always in the same file.
  let lastFile: string | null = null;
  let lastRel = '';
  const keyFile = (src: SourceRef, salt?: string) => {
    if (src.file !== lastFile) {
      lastFile = src.file;
      lastRel = relFile(src.file);
    }
    return salt ? lastRel + '\u0000' + salt : lastRel;
  };
  const idOf = (src: SourceRef, salt?: string) => positionId(keyFile(src, salt), src.start);
  const wordOf = (src: SourceRef, salt?: string) => positionIdWord(keyFile(src, salt), src.start);

  const options = readOptions(loaded.options, errors, opts.defaultTimezone);
  const clock = makeClock(options.timezone);
  // Plugins (engine/ledger/plugins): transforms change the directives before booking; a plain
  // ledger (no plugin line) goes straight to the walk.
  const plugins = runPlugins(
    {
      plugins: loaded.plugins,
      directives: loaded.directives,
      mainFile: nodePath.resolve(mainFile),
      format: loaded.format,
      options,
      readFile,
      today: dayIn(options.timezone, now),
      // The first booking some plugins ask for: ids are not needed there.
      book: (ds) => walk({ directives: ds, options, clock, directiveId: () => '', idOf: () => '', implicitPrices: false, postingNumbers: false }),
    },
    errors,
  );
  const directives: DirectiveAst[] = plugins.directives;
  const synthetic = plugins.synthetic;

  // The previous load's booking record is taken (single owner) and a new one kept only when this
  // load succeeds. Directives made by plugins get per-load salted ids: no resume then.
  const bookingCache = opts.parseCache ? bookingCacheOf(opts.parseCache) : null;
  const previous: WalkRecord | null = bookingCache ? bookingCache.take() : null;
  const bookingResume =
    bookingCache && synthetic.size === 0 ? { from: previous, key: bookingKey(nodePath.resolve(mainFile), options, plugins.implicitPrices) } : undefined;
  // No closure here may refer to `previous` or `booked`: the rows' lazy ids close over this scope,
  // so the snapshot would keep every earlier booking record alive.
  try {
    const booked = walk({
      directives,
      options,
      clock,
      directiveId:
        synthetic.size === 0
          ? Object.assign((d: DirectiveAst) => idOf(d.src), { word: (d: DirectiveAst) => wordOf(d.src) })
          : Object.assign((d: DirectiveAst) => idOf(d.src, synthetic.get(d)), { word: (d: DirectiveAst) => wordOf(d.src, synthetic.get(d)) }),
      idOf,
      implicitPrices: plugins.implicitPrices,
      resume: bookingResume,
      postingNumbers: opts.postingNumbers,
    });
    bookingCache?.count(booked.resumedAt ?? 0);
    errors.push(...booked.errors);
    plugins.validate(booked);
    const { entries, referenceOrder, kinds } = booked;

    // A price directive's entry is its row (booking/rows.ts PriceEntryRow).
    let prices: PriceRow[] = kinds.prices;
    if (booked.implicitPrices.length) {
      prices = [...prices, ...booked.implicitPrices];
      prices.sort((a, b) => a.seq - b.seq);
    }
    const priceMap = new LazyPriceMap(prices);

    // The walk's lists are in processing order; directives are listed in reference order.
    const rare = kinds.rare.length > 1 ? kinds.rare.slice().sort((a, b) => a.ref - b.ref) : kinds.rare;
    const docs = buildDocuments({
      root,
      format: loaded.format,
      directives: rare.filter((e) => e.type === 'document'),
      transactions: kinds.documentTxns,
      fileExists: opts.fileExists ?? ((p) => fs.existsSync(p)),
    });
    errors.push(...docs.errors);

    const notes: NoteAst[] = [];
    const events: EventAst[] = [];
    const commodities: CommodityAst[] = [];
    const customs: CustomAst[] = [];
    const queries: QueryAst[] = [];
    for (let r = 0; r < rare.length; r++) {
      const e = rare[r];
      const t = e.type;
      if (t === 'note') notes.push(e.directive as NoteAst);
      else if (t === 'event') events.push(e.directive as EventAst);
      else if (t === 'commodity') commodities.push(e.directive as CommodityAst);
      else if (t === 'custom') customs.push(e.directive as CustomAst);
      else if (t === 'query') queries.push(e.directive as QueryAst);
    }

    // Budgets hook: the budgets module reads the booked ledger and adds its own errors.
    const lastTxn = booked.transactions.length ? booked.transactions[booked.transactions.length - 1] : null;
    const budgets = buildBudgets({
      entries: kinds.rare,
      accounts: booked.accounts,
      postings: booked.postings,
      prices: priceMap,
      today: dayIn(options.timezone, now),
      // The transaction itself: its id is made only if a budget series reads it (booking/rows.ts).
      lastTransaction: lastTxn,
    });
    errors.push(...budgets.errors);

    const fromTexts = sourceReader(readFile, texts);
    // A stamped file's spans are read only while the file is the version parsed (else no source:
    // its offsets would cut another text, and the save is followed by a reload anyway), all of a
    // file's through one opening: one each was five system calls per error (28 ms of the xlarge
    // bench ledger's 2,472 errors).
    const spansOf = new Map<string, LedgerError[]>();
    for (const e of errors) {
      if (!e.src) continue;
      if (e.id === null) e.id = idOf(e.src);
      if (e.source !== null) continue;
      const stamp = stamps?.get(e.src.file);
      if (stamp === undefined) e.source = fromTexts(e.src);
      else {
        let list = spansOf.get(e.src.file);
        if (list === undefined) spansOf.set(e.src.file, (list = []));
        list.push(e);
      }
    }
    for (const [file, list] of spansOf) {
      const read = readSpans(file, stamps!.get(file)!, list.map((e) => e.src!));
      for (let i = 0; i < list.length; i++) list[i].source = read[i];
    }
    for (const e of errors) {
      boundErrorSource(e);
      // A copy: a slice of the text would keep the whole file alive with the snapshot.
      if (e.source !== null) e.source = detach(e.source);
    }
    // The row classes' lazy ids close over this scope: without this, every file's text would live
    // as long as the snapshot (35 MB for the xlarge bean-example ledger).
    texts.clear();
    const fileKey = new Map<string, string>();
    const keyOf = (f: string) => {
      let k = fileKey.get(f);
      if (k === undefined) fileKey.set(f, (k = relFile(f)));
      return k;
    };
    const ordered = errors
      .map((e, i) => ({ e, i }))
      .sort((a, b) => {
        const x = a.e.src;
        const y = b.e.src;
        if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1) || a.i - b.i;
        const fx = keyOf(x.file);
        const fy = keyOf(y.file);
        return (fx < fy ? -1 : fx > fy ? 1 : 0) || x.start - y.start || a.i - b.i;
      })
      .map((x) => x.e);

    const snapshot: Snapshot = {
      file: nodePath.resolve(mainFile),
      root,
      format: loaded.format,
      files: loaded.files,
      missingFiles: loaded.missing,
      options,
      entries: Object.freeze(entries) as Snapshot['entries'],
      referenceOrder: Object.freeze(referenceOrder) as number[],
      transactions: Object.freeze(booked.transactions) as Snapshot['transactions'],
      postings: Object.freeze(booked.postings) as Snapshot['postings'],
      balances: Object.freeze(booked.balances) as Snapshot['balances'],
      prices: Object.freeze(prices) as PriceRow[],
      priceMap,
      documents: Object.freeze(docs.rows) as Snapshot['documents'],
      notes: Object.freeze(notes) as NoteAst[],
      events: Object.freeze(events) as EventAst[],
      commodities: Object.freeze(commodities) as CommodityAst[],
      customs: Object.freeze(customs) as CustomAst[],
      queries: Object.freeze(queries) as QueryAst[],
      accounts: booked.accounts,
      budgets: budgets.book,
      errors: Object.freeze(ordered) as LedgerError[],
      loadedAt: now.getTime(),
    };
    if (booked.record) bookingCache?.keep(booked.record);
    return snapshot;
  } catch (e) {
    // A resumed walk gives the previous snapshot's reused objects their new seq/ref in place; that
    // snapshot stays served after a failed load, so they are put back.
    if (previous) restoreRecord(previous);
    throw e;
  }
}
