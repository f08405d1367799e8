/**
 * Account lifecycle: open and close directives give each account a list of open periods
 * (an account may be closed and reopened). Checked by date, as Beancount does: a directive dated
 * on the close date is still inside the period; one dated before the first open is "not yet
 * open" (AccountDoesNotExist), one after a close (and before any reopening) is AccountClosed.
 *
 * The booking method of an account comes from its open directive in effect: `booking_method`
 * metadata first, then the booking string of the open; else the ledger default. Beancount 2.3.5's
 * methods are accepted (STRICT, FIFO, LIFO, NONE, AVERAGE; see lots.ts for NONE and AVERAGE);
 * others (AVERAGE_ONLY, unknown names) are reported once at the open, as bean-check does, and
 * booked with the default.
 */
import type { DayNum } from '../../dates';
import type { CloseAst, OpenAst } from '../ast';
import { Errors, type LedgerError } from '../errors';
import { SUPPORTED_BOOKING } from '../options';
import type { AccountInfo } from '../snapshot';
import type { Method } from './lots';

interface Period {
  open: OpenAst;
  close: CloseAst | null;
  method: Method;
  /** The answer of `check` inside the period, made once (checked for every posting). */
  ok: AccountCheck;
}

export type AccountCheck =
  | { ok: true; currencies: readonly string[] }
  | { ok: false; kind: 'missing' }
  | { ok: false; kind: 'early'; openDate: DayNum }
  | { ok: false; kind: 'closed'; closeDate: DayNum };

export class AccountBook {
  private readonly periods = new Map<string, Period[]>();
  private readonly infos = new Map<string, AccountInfo>();
  private readonly lastCheck = new Map<string, Period>();

  /**
   * `directives`: opens and closes in processing order (other directives are skipped).
   * Errors for duplicate opens, closes without an open, duplicate closes and unsupported methods
   * go to `errors`.
   */
  constructor(
    directives: Iterable<OpenAst | CloseAst>,
    private readonly defaultMethod: Method,
    errors: LedgerError[],
  ) {
    for (const d of directives) {
      const site = { src: d.src, date: d.date };
      let list = this.periods.get(d.account);
      let info = this.infos.get(d.account);
      if (!info) this.infos.set(d.account, (info = { name: d.account, opens: [], closes: [], booking: defaultMethod }));
      if (d.type === 'open') {
        info.opens.push(d);
        if (!list) this.periods.set(d.account, (list = []));
        const last = list[list.length - 1];
        if (last && !last.close) {
          errors.push(Errors.duplicateOpen(site, d.account));
          continue;
        }
        const method = this.methodOf(d, errors);
        info.booking = method;
        list.push({ open: d, close: null, method, ok: { ok: true, currencies: d.currencies } });
      } else {
        info.closes.push(d);
        const last = list?.[list.length - 1];
        if (!last) errors.push(Errors.closeUnopened(site, d.account));
        else if (last.close) errors.push(Errors.duplicateClose(site, d.account));
        else last.close = d;
      }
    }
  }

  private methodOf(open: OpenAst, errors: LedgerError[]): Method {
    const meta = open.meta.find((m) => m.key === 'booking_method');
    const written = (meta?.text ?? open.booking ?? '').trim().toUpperCase();
    if (!written) return this.defaultMethod;
    if (SUPPORTED_BOOKING.has(written)) return written as Method;
    errors.push(Errors.unsupportedBooking({ src: open.src, date: open.date }, open.account, written, this.defaultMethod));
    return this.defaultMethod;
  }

  private periodAt(account: string, date: DayNum): Period | null {
    const list = this.periods.get(account);
    if (!list) return null;
    const cached = this.lastCheck.get(account);
    if (cached && cached.open.date <= date && (!cached.close || date <= cached.close.date)) return cached;
    for (let i = list.length - 1; i >= 0; i--) {
      const p = list[i];
      if (p.open.date <= date) {
        if (!p.close || date <= p.close.date) {
          this.lastCheck.set(account, p);
          return p;
        }
        return null;
      }
    }
    return null;
  }

  /** Is the account open on `date`? With the currencies its open allows (empty: any). */
  check(account: string, date: DayNum): AccountCheck {
    const p = this.periodAt(account, date);
    if (p) return p.ok;
    const list = this.periods.get(account);
    if (!list || list.length === 0) return { ok: false, kind: 'missing' };
    if (date < list[0].open.date) return { ok: false, kind: 'early', openDate: list[0].open.date };
    let closed: DayNum = list[0].open.date;
    for (const q of list) if (q.close && q.close.date < date) closed = q.close.date;
    return { ok: false, kind: 'closed', closeDate: closed };
  }

  /** Booking method in effect on `date` (the ledger default outside open periods). */
  method(account: string, date: DayNum): Method {
    return this.periodAt(account, date)?.method ?? this.defaultMethod;
  }

  /** Accounts with an open or close directive, by name. */
  accounts(): Map<string, AccountInfo> {
    return new Map([...this.infos.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  }

  /**
   * Currencies allowed by the account's earliest open (empty: any; null: never opened). A balance
   * directive is checked against them whatever its date, as Beancount's balance check does with
   * the earliest open of getters.get_account_open_close.
   */
  firstOpenCurrencies(account: string): readonly string[] | null {
    return this.infos.get(account)?.opens[0]?.currencies ?? null;
  }

  has(account: string): boolean {
    return this.periods.has(account);
  }
}

/** Error for a failed check, or null when the account is open. */
export function accountError(site: { src: OpenAst['src'] | null; date: DayNum; txnId?: string | null }, account: string, c: AccountCheck): LedgerError | null {
  if (c.ok) return null;
  if (c.kind === 'missing') return Errors.accountDoesNotExist(site, account);
  if (c.kind === 'early') return Errors.accountNotYetOpen(site, account, c.openDate);
  return Errors.accountClosed(site, account, c.closeDate);
}
