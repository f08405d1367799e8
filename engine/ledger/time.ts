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

export function makeClock(zoneName: string): Clock {
  const zone = IANAZone.create(zoneName);
  // Offsets in seconds at the start and end of each day (local midnight read with the previous
  // day's offset is close enough to bracket any transition that day).
  const cache = new Map<DayNum, number[]>();
  const offsetAt = (unix: number) => zone.offset(unix * 1000) * 60;

  function dayOffsets(day: DayNum): number[] {
    let c = cache.get(day);
    if (!c) {
      const utcMidnight = day * DAY;
      const start = offsetAt(utcMidnight - offsetAt(utcMidnight));
      const end = offsetAt(utcMidnight + DAY - offsetAt(utcMidnight + DAY));
      c = [start, end];
      cache.set(day, c);
    }
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
