/**
 * Wall-clock times of directives in the ledger's time zone (option `timezone`, IANA name).
 *
 * A directive has a date and an optional written time (midnight if none). We store the time of
 * day and the Unix timestamp. Two daylight-saving cases need care:
 * - a written time skipped by a spring-forward gap does not exist: it is stored moved forward by
 *   the length of the gap (02:30 in a one-hour gap is stored as 03:30), as the spec requires;
 * - a written time that occurs twice (fall back) is read as its first occurrence, like Python's
 *   zoneinfo with fold=0 (the spec is silent here).
 * Ordering always uses the written time, never these stored values.
 *
 * Offsets are looked up with luxon once per distinct day and cached, so a large ledger costs a
 * few thousand zone look-ups, not one per directive.
 */
import { IANAZone } from 'luxon';
import type { DayNum } from '../dates';

const DAY = 86400;

export interface Clock {
  readonly zone: string;
  /** Unix seconds of the written date and time (null time = midnight). */
  timestamp(day: DayNum, time: number | null): number;
  /** Time of day as stored (seconds since midnight): the written one, moved forward in a DST gap. */
  storedTime(day: DayNum, time: number | null): number;
}

const WINDOW = 8;
const zoneCaches = new Map<string, { windows: Map<number, number>; days: Map<DayNum, number[]> }>();

export function makeClock(zoneName: string): Clock {
  const zone = IANAZone.create(zoneName);
  // Offsets in seconds at the start and end of each day. Zone look-ups format dates through Intl
  // and are slow, so days are first checked in blocks of WINDOW days: a block whose two ends have
  // the same offset has no transition (DST periods last far longer than a block), and all its
  // days share that offset; only blocks with a transition are resolved day by day.
  // Kept per zone for the process, so a reload does not ask the zone again.
  let shared = zoneCaches.get(zoneName);
  if (!shared) zoneCaches.set(zoneName, (shared = { windows: new Map(), days: new Map() }));
  const windows = shared.windows;
  const cache = shared.days;
  const offsetAt = (unix: number) => zone.offset(unix * 1000) * 60;
  const offsetAtMidnight = (day: DayNum) => {
    const utcMidnight = day * DAY;
    return offsetAt(utcMidnight - offsetAt(utcMidnight));
  };

  function dayOffsets(day: DayNum): number[] {
    let c = cache.get(day);
    if (c) return c;
    const w = Math.floor(day / WINDOW);
    let flat = windows.get(w);
    if (flat === undefined) {
      const a = offsetAtMidnight(w * WINDOW);
      const b = offsetAtMidnight(w * WINDOW + WINDOW);
      flat = a === b ? a : NaN;
      windows.set(w, flat);
    }
    c = Number.isNaN(flat) ? [offsetAtMidnight(day), offsetAtMidnight(day + 1)] : [flat, flat];
    cache.set(day, c);
    return c;
  }

  /** Unix seconds for a local wall time `local` (seconds since the epoch as if UTC) on `day`. */
  function resolve(day: DayNum, local: number): number {
    const [before, after] = dayOffsets(day);
    if (before === after) return local - before;
    const candidates: number[] = [];
    for (const o of [before, after]) if (offsetAt(local - o) === o && !candidates.includes(o)) candidates.push(o);
    if (candidates.length === 0) {
      // In the gap: read with the offset before the jump, which lands after it by the gap length.
      return local - before;
    }
    // Ambiguous: the earliest instant (largest offset).
    return local - Math.max(...candidates);
  }

  return {
    zone: zoneName,
    timestamp(day, time) {
      return resolve(day, day * DAY + (time ?? 0));
    },
    storedTime(day, time) {
      const t = time ?? 0;
      const [before, after] = dayOffsets(day);
      if (before === after) return t;
      const ts = resolve(day, day * DAY + t);
      const shown = ts + offsetAt(ts) - day * DAY;
      // A gap right before midnight would push the time into the next day; keep it on its date.
      return shown >= 0 && shown < DAY ? shown : t;
    },
  };
}
