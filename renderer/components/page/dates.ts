/**
 * Calendar helpers of the report pages, on `YYYY-MM-DD` text (no Date arithmetic across time
 * zones: a month is its first day, computed on the year and month digits).
 *
 * Choice (spec silent on the client side): "today" and "the current month" are the browser's
 * local day. The server decides the ledger-timezone month when none is given (budget rule 8),
 * but pages send an explicit month so the picker and the figures always agree.
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function todayText(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar date `YYYY-MM-DD` (year 1 to 9999). */
export function isDateText(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** First day of the month of a date. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** Last day of the month of a date. */
export function monthEnd(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return `${date.slice(0, 7)}-${pad(daysInMonth(y, m))}`;
}

/** First day of the month `n` months after (before, if negative) the month of `date`. */
export function addMonths(date: string, n: number): string {
  const total = Number(date.slice(0, 4)) * 12 + (Number(date.slice(5, 7)) - 1) + n;
  return `${pad(Math.floor(total / 12), 4)}-${pad((total % 12) + 1)}-01`;
}

export function yearStart(date: string): string {
  return `${date.slice(0, 4)}-01-01`;
}

/**
 * The budget month a page shows: the `month` of the URL when it is a date or a `YYYY-MM`
 * (turned into its first day), else the current month.
 */
export function pickMonth(fromUrl: unknown, today: string): string {
  if (typeof fromUrl === 'string') {
    if (/^\d{4}-\d{2}$/.test(fromUrl) && isDateText(`${fromUrl}-01`)) return `${fromUrl}-01`;
    if (isDateText(fromUrl)) return monthStart(fromUrl);
  }
  return monthStart(today);
}

/** `2026-10-01` -> `October 2026`. */
export function monthLabel(month: string): string {
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}
