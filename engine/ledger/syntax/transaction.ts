/**
 * Transactions: the header (flag, payee/narration, tags, links) and the indented body of
 * postings, metadata lines and tag/link lines.
 *
 * Metadata ownership differs by format. Beancount: a metadata line after a posting belongs to
 * that posting, before the first posting to the transaction. zhang: it belongs to the last
 * posting only when indented deeper than that posting, else to the transaction.
 */
import type { DayNum } from '../../dates';
import type { Meta, PostingAst, SourceRef, TransactionAst } from '../ast';
import { SyntaxMessages as M } from '../errors';
import { AT, CR, LBRACE, LF, QUOTE, SEMI, SPACE, TAB, isFlagChar, isKeyStart, isUpper } from './chars';
import { readCost, readPrice } from './cost';
import { isNumberStart, readNumberExpr } from './number-expr';
import type { Scanner } from './scanner';
import { keptMeta, readMetaLine, readTagsLinks } from './values';
import { ParsedPosting } from './posting';
import { NO_META, NO_STRINGS, exact } from '../shared';

/**
 * Postings of the transaction being read (reused; the directive keeps an exact-size copy). Only
 * [0, count) is valid: never truncated, as `length = 0` would free the storage and every
 * transaction would allocate it again (with the spans, about 30 MB of garbage on a 35 MB ledger).
 */
const scratch: PostingAst[] = [];
/** Tags and links of the transaction being read (reused: one object less per transaction). */
const headerTags = { tags: NO_STRINGS, links: NO_STRINGS };

/**
 * Tag and link lists as written, shared by the transactions that write the same names in the same
 * order (frozen: a directive's lists are never changed in place; parse.ts copies before adding a
 * pushed tag). Most ledgers tag with a few names (a trip, a project) over thousands of
 * transactions: one array each was 56 bytes and an object the collector copies twice, 130k of them
 * on the generated 1M-posting bench ledger. Bounded: emptied when it holds SHARED_LISTS_MAX
 * lists (unique links, an invoice each, would otherwise grow it with the ledger).
 */
const sharedLists = new Map<string, string[]>();
const SHARED_LISTS_MAX = 4096;

function sharedList(names: string[]): string[] {
  // Names never hold a NUL: a joined key never equals another list's.
  const key = names.length === 1 ? names[0] : names.join('\0');
  let list = sharedLists.get(key);
  if (list === undefined) {
    if (sharedLists.size >= SHARED_LISTS_MAX) sharedLists.clear();
    list = Object.freeze(exact(names)) as string[];
    sharedLists.set(key, list);
  }
  return list;
}

/** Replaced by the file parser once the directive's extent is known. */
export const PENDING_SRC: SourceRef = Object.freeze({ file: '', line: 0, column: 0, start: 0, end: 0 });

function isFlagEnd(c: number): boolean {
  return c < 0 || c === SPACE || c === TAB || c === LF || c === CR || c === QUOTE || c === SEMI;
}

/**
 * The flag of a transaction header at the cursor (`*`, `!`, a letter, `txn` reads as `*`; a
 * header starting with a string has no written flag and reads as `*`), or null if the cursor is
 * not at a transaction. Consumes the flag.
 */
export function readTransactionFlag(sc: Scanner): string | null {
  const c = sc.code();
  if (c === QUOTE) return '*';
  if (isFlagChar(c) && isFlagEnd(sc.code(sc.pos + 1))) {
    sc.pos++;
    return String.fromCharCode(c);
  }
  if (c === 116 && sc.startsAt('txn', sc.pos) && isFlagEnd(sc.code(sc.pos + 3))) {
    sc.pos += 3;
    return '*';
  }
  return null;
}

/**
 * Tags/links lines written after a posting in the transaction read last (Beancount files), as
 * text: the file parser reports them (bean-check: "Tags or links not allowed after first Posting").
 */
export const lateTagLines: string[] = [];

/** Reads the rest of a transaction after its flag, through its last indented line. */
export function readTransaction(sc: Scanner, date: DayNum, time: number | null, flag: string): TransactionAst {
  lateTagLines.length = 0;
  let payee: string | null = null;
  let narration = '';
  let strings = 0;
  for (;;) {
    sc.ws();
    if (sc.code() !== QUOTE) break;
    const at = sc.pos;
    const str = sc.readString();
    strings++;
    if (strings === 1) narration = str;
    else if (strings === 2) {
      payee = narration;
      narration = str;
    } else sc.fail(M.tooManyStrings(), at);
  }
  // Empty lists stay the shared ones (most transactions have no tags, links or metadata).
  const tl = headerTags;
  tl.tags = NO_STRINGS;
  tl.links = NO_STRINGS;
  readTagsLinks(sc, tl);
  sc.endLine('in the transaction header');

  let meta: Meta = NO_META;
  const postings = scratch;
  let count = 0;
  let last: PostingAst | null = null;
  let lastIndent = 0;
  let w: number;
  while ((w = sc.indentedLine()) >= 0) {
    const c = sc.code();
    if (isKeyStart(c)) {
      const toPosting = last !== null && (!sc.zhang || w > lastIndent);
      if (toPosting) readMetaLine(sc, last!.meta === NO_META ? (last!.meta = []) : last!.meta);
      else readMetaLine(sc, meta === NO_META ? (meta = []) : meta);
      if (toPosting) sc.postingSpans[2 * count - 1] = sc.lastLineEnd;
    } else if (sc.isTagOrLinkAt()) {
      // Beancount allows these lines only before the first posting: after one, bean-check reports
      // the transaction and drops the line's tags and links (the transaction is kept).
      if (last !== null && !sc.zhang) {
        const late = { tags: NO_STRINGS, links: NO_STRINGS };
        readTagsLinks(sc, late);
        lateTagLines.push([...late.tags.map((t) => '#' + t), ...late.links.map((l) => '^' + l)].join(' '));
      } else readTagsLinks(sc, tl);
      sc.endLine('after the tags and links');
    } else {
      const start = sc.pos;
      last = readPosting(sc);
      lastIndent = w;
      if (count < postings.length) postings[count] = last;
      else postings.push(last);
      sc.setPostingSpan(count, start, sc.lastLineEnd);
      count++;
    }
  }
  const own = postings.slice(0, count);
  for (let i = 0; i < count; i++) if (own[i].meta !== NO_META) own[i].meta = keptMeta(own[i].meta);
  return {
    type: 'transaction',
    date,
    time,
    meta: meta === NO_META ? meta : keptMeta(meta),
    src: PENDING_SRC,
    flag,
    payee,
    narration,
    tags: tl.tags === NO_STRINGS ? NO_STRINGS : sharedList(tl.tags),
    links: tl.links === NO_STRINGS ? NO_STRINGS : sharedList(tl.links),
    postings: own,
  };
}

/** `[flag] Account [number-expr] [CURRENCY] [{cost}] [@ price | @@ price]`. */
function readPosting(sc: Scanner): PostingAst {
  let flag: string | null = null;
  const c = sc.code();
  if (isFlagChar(c) && (sc.code(sc.pos + 1) === SPACE || sc.code(sc.pos + 1) === TAB)) {
    flag = String.fromCharCode(c);
    sc.pos++;
    sc.ws();
  }
  const account = sc.readAccount();
  // Its position is placed by the file parser once the transaction is read (parse.ts finish).
  const posting = new ParsedPosting(flag, account);
  sc.ws();
  if (isNumberStart(sc)) {
    posting.number = readNumberExpr(sc);
    sc.ws();
  }
  if (isUpper(sc.code())) {
    posting.currency = sc.readCurrency();
    sc.ws();
  }
  for (;;) {
    const d = sc.code();
    if (d === LBRACE) {
      if (posting.cost !== null) sc.fail(M.duplicateCost());
      posting.cost = readCost(sc);
    } else if (d === AT) {
      if (posting.price !== null) sc.fail(M.duplicatePrice());
      posting.price = readPrice(sc);
    } else break;
    sc.ws();
  }
  sc.endLine('in the posting');
  return posting;
}
