/**
 * Calendar dates as day numbers (days since 1970-01-01, negative before), the representation
 * every layer uses: cheap to compare, hash and add to. Years 1 to 9999 only (spec).
 * Proleptic Gregorian calendar; algorithms after H. Hinnant's "chrono-compatible low-level date algorithms".
 */
export type DayNum = number;

export const MIN_DAY = daysFromCivil(1, 1, 1);
export const MAX_DAY = daysFromCivil(9999, 12, 31);

export function daysFromCivil(y: number, m: number, d: number): DayNum {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(z: DayNum): [number, number, number] {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const y = yoe + era * 400;
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [m <= 2 ? y + 1 : y, m, d];
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** Day number of a valid date in years 1..9999, else null. */
export function makeDate(y: number, m: number, d: number): DayNum | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return daysFromCivil(y, m, d);
}

/** Reads `YYYY-MM-DD` (also `YYYY/MM/DD` when `slashes`); month and day may have one digit if `loose`. */
export function parseDate(text: string, loose = false): DayNum | null {
  const m = loose ? /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text) : /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(text);
  if (!m) return null;
  return makeDate(+m[1], +m[2], +m[3]);
}

const pad2 = (n: number) => (n < 10 ? '0' + n : '' + n);

export function formatDate(day: DayNum): string {
  const [y, m, d] = civilFromDays(day);
  return String(y).padStart(4, '0') + '-' + pad2(m) + '-' + pad2(d);
}

/** Monday = 0 ... Sunday = 6. */
export function weekday(day: DayNum): number {
  // 1970-01-01 was a Thursday (3).
  return (((day + 3) % 7) + 7) % 7;
}

export function inRange(day: DayNum): boolean {
  return day >= MIN_DAY && day <= MAX_DAY;
}

/** Moves by months, keeping the day of month unless the target month is shorter. Null outside years 1..9999. */
export function addMonths(day: DayNum, months: number): DayNum | null {
  const [y, m, d] = civilFromDays(day);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  if (ny < 1 || ny > 9999) return null;
  return daysFromCivil(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Seconds since midnight as HH:MM:SS. */
export function formatTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return pad2(h) + ':' + pad2(m) + ':' + pad2(s);
}
