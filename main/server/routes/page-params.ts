/**
 * Query-string parameters shared by the page endpoints: paging (`page`, `size`), the statistic
 * range (`from`, `to`) and list filters (`tags`, `links`). Every bad value is an ApiError 400
 * naming the parameter; nothing a client sends reaches a query unchecked.
 */
import { getRouterParam, type H3Event } from 'h3';
import { DateTime } from 'luxon';
import { daysFromCivil, parseDate, type DayNum } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { ApiError } from '../http-errors';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const SIZE_MESSAGE = 'size must be between 1 and 1000';

export interface Paging {
  page: number;
  size: number;
  /** (page - 1) x size; a number because page and size are bounded well inside 2^53. */
  offset: number;
}

/** A path parameter, percent-decoded; malformed encoding is a 400. */
export function pathParam(event: H3Event, name: string): string {
  const raw = getRouterParam(event, name) ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError(400, `the ${name} in the path is not valid percent-encoded UTF-8`);
  }
}

/** Every value of a repeated query-string parameter, in order. */
export function queryValues(event: H3Event, name: string): string[] {
  return event.url.searchParams.getAll(name);
}

/** The single value of a parameter; a repeated one is a 400 (which one was meant is unclear). */
export function queryValue(event: H3Event, name: string): string | null {
  const all = queryValues(event, name);
  if (all.length > 1) throw new ApiError(400, `${name} is given ${all.length} times; give it once`);
  return all.length === 1 ? all[0] : null;
}

/**
 * `page` (from 1, default 1) and `size` (1 to 1000, default `defaultSize`). The spec fixes the
 * size message; a page that is not a positive integer is refused the same way (the spec is silent:
 * a page 0 or -1 cannot name anything, so it is an input error rather than an empty page).
 */
export function readPaging(event: H3Event, defaultSize = DEFAULT_PAGE_SIZE): Paging {
  const sizeText = queryValue(event, 'size');
  let size = defaultSize;
  if (sizeText !== null) {
    const t = sizeText.trim();
    if (!/^\d{1,4}$/.test(t) || Number(t) < 1 || Number(t) > MAX_PAGE_SIZE) throw new ApiError(400, SIZE_MESSAGE);
    size = Number(t);
  }
  const pageText = queryValue(event, 'page');
  let page = 1;
  if (pageText !== null) {
    const t = pageText.trim();
    // 9 digits keep the offset (page x size <= 10^12) an exact number and a valid 64-bit int.
    if (!/^\d{1,9}$/.test(t) || Number(t) < 1) throw new ApiError(400, `page must be a whole number from 1 (got '${clip(pageText)}')`);
    page = Number(t);
  }
  return { page, size, offset: (page - 1) * size };
}

export function totalPages(totalCount: number, size: number): number {
  return totalCount === 0 ? 0 : Math.ceil(totalCount / size);
}

/**
 * A set filter (`tags`, `links`): repeated parameters and comma-separated values both work and
 * combine (`tags=a,b` = `tags=a&tags=b`), because tag and link names cannot contain commas.
 * A leading `#` / `^` is dropped, as the journal shows them. Absent or only empty items: null,
 * so the filter is left out.
 */
export function readSetFilter(event: H3Event, name: string): string[] | null {
  const values = queryValues(event, name);
  if (values.length === 0) return null;
  const items = new Set<string>();
  for (const v of values) {
    for (const part of v.split(',')) {
      const t = part.trim().replace(/^[#^]/, '');
      if (t !== '') items.add(t);
    }
  }
  return items.size === 0 ? null : [...items].sort();
}

/** A plain-text filter: absent or blank means no filter (null). */
export function readTextFilter(event: H3Event, name: string): string | null {
  const v = queryValue(event, name);
  if (v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
}

// ---------------------------------------------------------------------------------------------
// Statistic range

export interface DayRange {
  from: DayNum;
  to: DayNum;
}

/**
 * `from` and `to`: `YYYY-MM-DD`, or an ISO 8601 instant standing for its day in the ledger's
 * timezone (an instant without an offset is read as ledger-local time). Both required; from <= to.
 */
export function readRange(event: H3Event, snapshot: Snapshot): DayRange {
  const from = readDay(event, 'from', snapshot);
  const to = readDay(event, 'to', snapshot);
  if (from > to) throw new ApiError(400, `from (${queryValue(event, 'from')}) is after to (${queryValue(event, 'to')})`);
  return { from, to };
}

function readDay(event: H3Event, name: string, snapshot: Snapshot): DayNum {
  const text = queryValue(event, name);
  if (text === null || text.trim() === '') {
    throw new ApiError(400, `${name} is required: a date YYYY-MM-DD or an ISO 8601 instant`);
  }
  const day = parseDayOrInstant(text.trim(), snapshot.options.timezone);
  if (day === null) {
    throw new ApiError(400, `${name} must be a date YYYY-MM-DD or an ISO 8601 instant (got '${clip(text)}')`);
  }
  return day;
}

export function parseDayOrInstant(text: string, zone: string): DayNum | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return parseDate(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const dt = DateTime.fromISO(text, { zone, setZone: false });
  if (!dt.isValid) return null;
  const local = dt.setZone(zone);
  if (!local.isValid || local.year < 1 || local.year > 9999) return null;
  return daysFromCivil(local.year, local.month, local.day);
}

function clip(text: string): string {
  return text.length > 40 ? text.slice(0, 40) + '...' : text;
}
