/**
 * Typed values: metadata lines (`key: value`), custom directive arguments, and tag/link lists.
 * A value keeps its written kind; its text form is what queries read.
 */
import type { Meta, MetaEntry, MetaKind } from '../ast';
import { SyntaxMessages as M } from '../errors';
import { COLON, HASH, QUOTE, SEMI, isDigit, isNonAscii, isUpper, isWordChar } from './chars';
import { isNumberStart, readNumberExpr } from './number-expr';
import { SyntaxFail, type Scanner } from './scanner';
import { formatDate } from '../../dates';
import { NO_STRINGS, exact } from '../shared';
import { detach } from './detach';

function entry(key: string, kind: MetaKind, text: string): MetaEntry {
  return { key, kind, text };
}

/**
 * The metadata list of one directive or posting as kept: a list of one entry whose value is short
 * is one frozen list shared by every directive and posting that writes the same line (the
 * generated 1M-posting bench ledger writes `time: "14:29"` under each of its 446k transactions:
 * a list and an entry each, 52 bytes and two objects the collector copies twice, 23 MB). Any
 * other list is copied to its exact size. Bounded like the tag lists (transaction.ts sharedList):
 * emptied when it holds SHARED_META_MAX lists, so unique values (an invoice number each) cannot
 * grow it with the ledger. A writer that adds to a kept list copies it first (parse.ts
 * applyPushedMeta); a frozen list makes one that does not fail loudly.
 */
export function keptMeta(meta: Meta): Meta {
  if (meta.length !== 1) return exact(meta);
  const m = meta[0];
  if (m.text.length > SHARED_META_TEXT) return exact(meta);
  // Keys and kinds never hold a NUL: a joined key never equals another entry's.
  const id = m.key + '\0' + m.kind + '\0' + m.text;
  let list = sharedMeta.get(id);
  if (list === undefined) {
    if (sharedMeta.size >= SHARED_META_MAX) sharedMeta.clear();
    list = Object.freeze([Object.freeze({ key: m.key, kind: m.kind, text: m.text })]) as unknown as Meta;
    sharedMeta.set(id, list);
  }
  return list;
}

const sharedMeta = new Map<string, Meta>();
const SHARED_META_MAX = 4096;
/** Longer values rarely repeat. */
const SHARED_META_TEXT = 64;

/** A number, or an amount when a currency follows. */
function numberOrAmount(sc: Scanner, key: string): MetaEntry {
  const v = readNumberExpr(sc);
  const save = sc.pos;
  sc.ws();
  const cur = sc.tryCurrency();
  if (cur === null) {
    sc.pos = save;
    return entry(key, 'number', v.toString());
  }
  return entry(key, 'amount', v.toString() + ' ' + cur);
}

/** An uppercase word: TRUE/FALSE, NULL, an account or a currency. */
function upperWord(sc: Scanner, key: string, allowBare: boolean): MetaEntry {
  const word = sc.wordAt(sc.pos);
  if (word === 'TRUE' || word === 'FALSE') {
    sc.pos += word.length;
    return entry(key, 'bool', word);
  }
  if (word === 'NULL') {
    sc.pos += word.length;
    return entry(key, 'null', '');
  }
  if (word.indexOf(':') >= 0) return entry(key, 'account', sc.readAccount());
  const cur = sc.tryCurrency();
  if (cur !== null) return entry(key, 'currency', cur);
  if (allowBare) return entry(key, 'string', sc.readBareWord('a value'));
  return sc.fail(M.expected('a value', sc.describe()));
}

/**
 * The value after `key:`: string, number, amount, date, account, currency, tag, link, bool,
 * NULL, or nothing (kind null), as Beancount allows.
 */
export function readMetaValue(sc: Scanner, key: string): MetaEntry {
  sc.ws();
  if (sc.atEol()) return entry(key, 'null', '');
  const c = sc.code();
  if (c === QUOTE) return entry(key, 'string', sc.readString());
  if (sc.isTagOrLinkAt()) {
    // bean-check 2.3.5 takes a tag as a metadata value but not a link ("syntax error, unexpected
    // LINK"); the spec is silent, so Beancount files follow it.
    if (c !== HASH && !sc.zhang) sc.fail(M.notInBeancount('a link (^name) as a metadata value', sc.describe()));
    const kind: MetaKind = c === HASH ? 'tag' : 'link';
    return entry(key, kind, sc.readTagName());
  }
  if (isDigit(c) && sc.matchDate(sc.pos) >= 0) return entry(key, 'date', formatDate(sc.readDate()));
  if (isNumberStart(sc)) return numberOrAmount(sc, key);
  if (isUpper(c) || isNonAscii(c)) return upperWord(sc, key, false);
  return sc.fail(M.expected('a metadata value', sc.describe()));
}

/**
 * Reads a metadata line's `key: value` (the cursor is at the key) and the end of its line.
 * In .zhang files a value that is none of the typed forms is kept as text (zhang writes values
 * such as `precision: 2` or `rounding: RoundDown` without quotes).
 */
export function readMetaLine(sc: Scanner, into: Meta): void {
  const key = sc.readKey();
  if (sc.code() !== COLON) sc.fail(M.expected('":" after the metadata key', sc.describe()));
  sc.pos++;
  const valueStart = sc.pos;
  if (!sc.zhang) {
    into.push(readMetaValue(sc, key));
    sc.endLine('after the metadata value');
    return;
  }
  try {
    const v = readMetaValue(sc, key);
    sc.endLine('after the metadata value');
    into.push(v);
  } catch (e) {
    if (!(e instanceof SyntaxFail)) throw e;
    sc.pos = valueStart;
    into.push(entry(key, 'string', rawLineText(sc)));
    sc.endLine('after the metadata value');
  }
}

/** The rest of the line up to a comment, trimmed. */
function rawLineText(sc: Scanner): string {
  const cs = sc.codes;
  let i = sc.pos;
  while (i < sc.n) {
    const c = cs[i];
    if (c === 10 || c === SEMI) break;
    i++;
  }
  const t = detach(sc.cut(sc.pos, i).trim());
  sc.pos = i;
  return t;
}

/**
 * One argument of a custom directive: string, date, bool, amount, number, account, currency;
 * a bare word reads as a string so `custom budget Food USD` (zhang's spelling) works.
 */
export function readCustomValue(sc: Scanner, strict = false): MetaEntry {
  const c = sc.code();
  if (c === QUOTE) return entry('', 'string', sc.readString());
  if (isDigit(c) && sc.matchDate(sc.pos) >= 0) return entry('', 'date', formatDate(sc.readDate()));
  if (isNumberStart(sc)) return numberOrAmount(sc, '');
  if (isUpper(c) || isNonAscii(c)) {
    const v = upperWord(sc, '', true);
    // bean-check 2.3.5's custom values are strings, dates, booleans, amounts, numbers and
    // accounts: a lone currency or NULL is "syntax error, unexpected CURRENCY/NONE" there, and
    // the spec is silent, so Beancount files follow it (`strict`; the project's own budget forms
    // keep their bare currencies).
    if (strict && (v.kind === 'currency' || v.kind === 'null')) sc.fail(M.notInBeancount(`${v.kind === 'null' ? 'NULL' : 'a currency alone'} as a custom value`, JSON.stringify(v.kind === 'null' ? 'NULL' : v.text)), sc.pos - (v.kind === 'null' ? 4 : v.text.length));
    return v;
  }
  if (isWordChar(c)) return entry('', 'string', sc.readBareWord('a value'));
  return sc.fail(M.expected('a value', sc.describe()));
}

/**
 * Tags and links up to the end of the line, added to the lists (without duplicates). Lists start
 * as the shared empty one (most directives have none) and are replaced on the first name.
 */
export function readTagsLinks(sc: Scanner, into: { tags: string[]; links: string[] }): void {
  for (;;) {
    sc.ws();
    if (!sc.isTagOrLinkAt()) return;
    const isTag = sc.code() === HASH;
    const name = sc.readTagName();
    if (isTag) {
      if (into.tags === NO_STRINGS) into.tags = [];
      if (into.tags.indexOf(name) < 0) into.tags.push(name);
    } else {
      if (into.links === NO_STRINGS) into.links = [];
      if (into.links.indexOf(name) < 0) into.links.push(name);
    }
  }
}
