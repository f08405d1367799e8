/**
 * Directive text for the two file formats. Everything format-specific about the generated ledger
 * lives here: times of day (zhang writes them after the date; Beancount carries them as `time:`
 * metadata), budgets (zhang's native directives vs Beancount `custom` directives), and pads
 * (Beancount `pad` + `balance`; zhang `balance ... with pad`).
 */
import { formatDate, formatTime, type DayNum } from '../../engine/dates';

export type GenFormat = 'beancount' | 'zhang';

/** A metadata value written as-is (already quoted when it is a string). */
export type MetaPair = readonly [key: string, valueText: string];

export interface PostingText {
  account: string;
  /** `-12.50 USD`, `10 ACME {120.00 USD}`, ... or null for an amount left to interpolation. */
  amount: string | null;
  meta?: readonly MetaPair[];
}

export interface TxnText {
  date: DayNum;
  /** Seconds since midnight, or null when none is written. */
  time: number | null;
  flag: string;
  payee: string | null;
  narration: string;
  tags?: readonly string[];
  links?: readonly string[];
  meta?: readonly MetaPair[];
  postings: readonly PostingText[];
}

export const quote = (s: string): string => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';

export class Renderer {
  /** Text pieces in output order; drained by the generator per chunk. */
  out: string[] = [];
  private dayCache = -1e9;
  private dayText = '';

  constructor(readonly format: GenFormat) {}

  private d(day: DayNum): string {
    if (day !== this.dayCache) {
      this.dayCache = day;
      this.dayText = formatDate(day);
    }
    return this.dayText;
  }

  /** Date, and for zhang the time of day; Beancount gets the time as metadata (see `timeMeta`). */
  private head(day: DayNum, time: number | null): string {
    if (time === null || this.format !== 'zhang') return this.d(day);
    return this.d(day) + ' ' + (time % 60 === 0 ? formatTime(time).slice(0, 5) : formatTime(time));
  }

  private timeMeta(time: number | null): string {
    return time !== null && this.format === 'beancount' ? `  time: "${formatTime(time).slice(0, 5)}"\n` : '';
  }

  line(text: string): void {
    this.out.push(text + '\n');
  }

  option(name: string, value: string): void {
    this.out.push(`option ${quote(name)} ${quote(value)}\n`);
  }

  commodity(day: DayNum, currency: string, meta: readonly MetaPair[]): void {
    this.out.push(`${this.d(day)} commodity ${currency}\n${metaLines(meta, '  ')}`);
  }

  open(day: DayNum, account: string, currencies: readonly string[], booking: string | null, meta: readonly MetaPair[] = []): void {
    const cur = currencies.length ? ' ' + currencies.join(',') : '';
    const b = booking ? ` ${quote(booking)}` : '';
    this.out.push(`${this.d(day)} open ${account}${cur}${b}\n${metaLines(meta, '  ')}`);
  }

  close(day: DayNum, account: string): void {
    this.out.push(`${this.d(day)} close ${account}\n`);
  }

  price(day: DayNum, time: number | null, currency: string, amount: string): void {
    this.out.push(`${this.head(day, time)} price ${currency} ${amount}\n${this.timeMeta(time)}`);
  }

  balance(day: DayNum, account: string, amount: string): void {
    this.out.push(`${this.d(day)} balance ${account} ${amount}\n`);
  }

  /**
   * Pads accounts from a source so that each holds its amount at the start of `day`. Beancount:
   * pads the day before, then plain balances (all pads first, so the file stays in date order);
   * zhang: one `balance ... with pad` each.
   */
  paddedBalances(day: DayNum, items: readonly { account: string; amount: string; source: string }[]): void {
    if (this.format === 'zhang') {
      for (const it of items) this.out.push(`${this.d(day)} balance ${it.account} ${it.amount} with pad ${it.source}\n`);
      return;
    }
    for (const it of items) this.out.push(`${this.d(day - 1)} pad ${it.account} ${it.source}\n`);
    for (const it of items) this.out.push(`${this.d(day)} balance ${it.account} ${it.amount}\n`);
  }

  note(day: DayNum, account: string, comment: string): void {
    this.out.push(`${this.d(day)} note ${account} ${quote(comment)}\n`);
  }

  event(day: DayNum, type: string, description: string): void {
    this.out.push(`${this.d(day)} event ${quote(type)} ${quote(description)}\n`);
  }

  document(day: DayNum, account: string, path: string, tags: readonly string[] = []): void {
    const t = tags.map((x) => ' #' + x).join('');
    this.out.push(`${this.d(day)} document ${account} ${quote(path)}${t}\n`);
  }

  budget(day: DayNum, name: string, currency: string, meta: readonly MetaPair[]): void {
    const m = metaLines(meta, '  ');
    if (this.format === 'zhang') this.out.push(`${this.d(day)} budget ${name} ${currency}\n${m}`);
    else this.out.push(`${this.d(day)} custom "budget" ${quote(name)} ${quote(currency)}\n${m}`);
  }

  budgetAdd(day: DayNum, name: string, amount: string): void {
    if (this.format === 'zhang') this.out.push(`${this.d(day)} budget-add ${name} ${amount}\n`);
    else this.out.push(`${this.d(day)} custom "budget-add" ${quote(name)} ${amount}\n`);
  }

  budgetTransfer(day: DayNum, from: string, to: string, amount: string): void {
    if (this.format === 'zhang') this.out.push(`${this.d(day)} budget-transfer ${from} ${to} ${amount}\n`);
    else this.out.push(`${this.d(day)} custom "budget-transfer" ${quote(from)} ${quote(to)} ${amount}\n`);
  }

  budgetClose(day: DayNum, name: string): void {
    if (this.format === 'zhang') this.out.push(`${this.d(day)} budget-close ${name}\n`);
    else this.out.push(`${this.d(day)} custom "budget-close" ${quote(name)}\n`);
  }

  txn(t: TxnText): void {
    let s = this.head(t.date, t.time) + ' ' + t.flag;
    if (t.payee !== null) s += ' ' + quote(t.payee);
    s += ' ' + quote(t.narration);
    if (t.tags) for (const tag of t.tags) s += ' #' + tag;
    if (t.links) for (const link of t.links) s += ' ^' + link;
    s += '\n' + this.timeMeta(t.time);
    if (t.meta) s += metaLines(t.meta, '  ');
    for (const p of t.postings) {
      s += p.amount === null ? `  ${p.account}\n` : `  ${p.account}  ${p.amount}\n`;
      if (p.meta) s += metaLines(p.meta, '    ');
    }
    this.out.push(s);
  }
}

function metaLines(meta: readonly MetaPair[], indent: string): string {
  let s = '';
  for (const [k, v] of meta) s += `${indent}${k}: ${v}\n`;
  return s;
}
