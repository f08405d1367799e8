/**
 * Dated directives other than transactions: the part after the keyword, then the indented
 * metadata lines. Both formats share these; the zhang-only forms (`balance ... with pad`, the
 * native budget directives) are refused in Beancount files with a message saying how to write them.
 */
import type { DayNum } from '../../dates';
import type { Amount, DirectiveAst, Meta, MetaEntry } from '../ast';
import { SyntaxMessages as M } from '../errors';
import { COMMA, QUOTE, TILDE, isAccountFirstStart, isKeyStart, isUpper } from './chars';
import { readNumberExpr } from './number-expr';
import type { Scanner } from './scanner';
import { PENDING_SRC } from './transaction';
import { keptMeta, readCustomValue, readMetaLine, readTagsLinks } from './values';
import { NO_META, NO_STRINGS } from '../shared';
import type { Dec } from '../../decimal';

/** Indented lines under a non-transaction directive: metadata and comments only. */
export function readMetaBlock(sc: Scanner): Meta {
  let meta: Meta = NO_META;
  while (sc.indentedLine() >= 0) {
    if (isKeyStart(sc.code())) readMetaLine(sc, meta === NO_META ? (meta = []) : meta);
    else if (isAccountFirstStart(sc.code())) sc.fail(M.postingOutsideTransaction());
    else sc.fail(M.expected('a metadata line (key: value)', sc.describe()));
  }
  return meta === NO_META ? meta : keptMeta(meta);
}

function amount(sc: Scanner): Amount {
  const number = readNumberExpr(sc);
  sc.ws();
  return { number, currency: sc.readCurrency() };
}

/** Zhang budget directives take a quoted or bare budget name. */
function budgetName(sc: Scanner): string {
  sc.blank('a budget name');
  return sc.readName('a budget name');
}

/**
 * Reads the directive named `keyword` (cursor after the keyword) through its metadata lines.
 * Returns null when the keyword is unknown (the caller reports it).
 */
export function readDatedDirective(sc: Scanner, keyword: string, date: DayNum, time: number | null): DirectiveAst | null {
  // Metadata lines follow the directive's line: filled in at the end.
  const meta: Meta = NO_META;
  const src = PENDING_SRC;
  let d: DirectiveAst;
  switch (keyword) {
    case 'open': {
      sc.blank('an account');
      const account = sc.readAccount();
      const currencies: string[] = [];
      sc.ws();
      while (isUpper(sc.code())) {
        currencies.push(sc.readCurrency());
        sc.ws();
        if (sc.code() !== COMMA) break;
        sc.pos++;
        sc.ws();
        if (!isUpper(sc.code())) sc.fail(M.expected('a currency after ","', sc.describe()));
      }
      const booking = sc.code() === QUOTE ? sc.readString() : null;
      d = { type: 'open', date, time, meta, src, account, currencies, booking };
      break;
    }
    case 'close':
      sc.blank('an account');
      d = { type: 'close', date, time, meta, src, account: sc.readAccount() };
      break;
    case 'commodity':
      sc.blank('a currency');
      d = { type: 'commodity', date, time, meta, src, currency: sc.readCurrency() };
      break;
    case 'balance':
      d = readBalance(sc, date, time, meta);
      break;
    case 'pad': {
      sc.blank('an account');
      const account = sc.readAccount();
      sc.blank('the source account');
      d = { type: 'pad', date, time, meta, src, account, source: sc.readAccount() };
      break;
    }
    case 'price': {
      sc.blank('a currency');
      const currency = sc.readCurrency();
      sc.blank('a price amount');
      d = { type: 'price', date, time, meta, src, currency, amount: amount(sc) };
      break;
    }
    case 'note':
    case 'document': {
      sc.blank('an account');
      const account = sc.readAccount();
      sc.blank('a string');
      const text = sc.readString();
      const tl = { tags: NO_STRINGS, links: NO_STRINGS };
      readTagsLinks(sc, tl);
      const { tags, links } = tl;
      d =
        keyword === 'note'
          ? { type: 'note', date, time, meta, src, account, comment: text, tags, links }
          : { type: 'document', date, time, meta, src, account, filename: text, tags, links };
      break;
    }
    case 'event':
    case 'query': {
      sc.blank('a string');
      const name = sc.readString();
      sc.blank('a string');
      const text = sc.readString();
      d =
        keyword === 'event'
          ? { type: 'event', date, time, meta, src, name, description: text }
          : { type: 'query', date, time, meta, src, name, query: text };
      break;
    }
    case 'custom': {
      sc.blank('the custom directive name');
      const name = sc.readName('the custom directive name');
      const values: MetaEntry[] = [];
      const strict = !sc.zhang && !name.startsWith('budget');
      for (;;) {
        sc.ws();
        if (sc.atEol()) break;
        values.push(readCustomValue(sc, strict));
      }
      d = { type: 'custom', date, time, meta, src, name, values };
      break;
    }
    case 'budget':
    case 'budget-add':
    case 'budget-transfer':
    case 'budget-close':
      if (!sc.zhang) sc.fail(M.zhangOnlyDirective(keyword), sc.pos - keyword.length);
      d = readZhangBudget(sc, keyword, date, time, meta);
      break;
    default:
      return null;
  }
  // The message is built only on failure: a template here was a garbage string per directive.
  sc.ws();
  sc.endLine(sc.atEol() ? '' : `in the ${keyword} directive`);
  d.meta = readMetaBlock(sc);
  return d;
}

/** `balance Account number [~ tolerance] CUR` (tolerance also after the currency), zhang: `with pad Account`. */
function readBalance(sc: Scanner, date: DayNum, time: number | null, meta: Meta): DirectiveAst {
  sc.blank('an account');
  const account = sc.readAccount();
  sc.blank('an amount');
  const number = readNumberExpr(sc);
  sc.ws();
  let tolerance: Dec | null = null;
  if (sc.code() === TILDE) {
    sc.pos++;
    sc.ws();
    tolerance = readNumberExpr(sc);
    sc.ws();
  }
  const currency = sc.readCurrency();
  sc.ws();
  if (tolerance === null && sc.code() === TILDE) {
    sc.pos++;
    sc.ws();
    tolerance = readNumberExpr(sc);
    sc.ws();
    const at = sc.pos;
    const again = isUpper(sc.code()) ? sc.readCurrency() : null;
    if (again !== null && again !== currency) sc.fail(M.expected(`the tolerance in ${currency}`, JSON.stringify(again)), at);
    sc.ws();
  }
  let padAccount: string | null = null;
  if (sc.startsAt('with', sc.pos)) {
    const at = sc.pos;
    sc.pos += 4;
    sc.blank('"pad"');
    if (!sc.startsAt('pad', sc.pos)) sc.fail(M.expected('"pad" after "with"', sc.describe()));
    if (!sc.zhang) sc.fail(M.zhangOnlySyntax('balance ... with pad'), at);
    sc.pos += 3;
    sc.blank('an account');
    padAccount = sc.readAccount();
  }
  return { type: 'balance', date, time, meta, src: PENDING_SRC, account, amount: { number, currency }, tolerance, padAccount };
}

function readZhangBudget(sc: Scanner, keyword: string, date: DayNum, time: number | null, meta: Meta): DirectiveAst {
  const src = PENDING_SRC;
  switch (keyword) {
    case 'budget': {
      const name = budgetName(sc);
      sc.blank('a currency');
      return { type: 'budget', date, time, meta, src, name, currency: sc.readCurrency() };
    }
    case 'budget-add': {
      const name = budgetName(sc);
      sc.blank('an amount');
      return { type: 'budget-add', date, time, meta, src, name, amount: amount(sc) };
    }
    case 'budget-transfer': {
      const from = budgetName(sc);
      const to = budgetName(sc);
      sc.blank('an amount');
      return { type: 'budget-transfer', date, time, meta, src, from, to, amount: amount(sc) };
    }
    default:
      return { type: 'budget-close', date, time, meta, src, name: budgetName(sc) };
  }
}
