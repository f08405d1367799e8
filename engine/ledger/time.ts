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
 * Zone look-ups (luxon, through Intl) cost about 10 µs each, so they are kept to a minimum:
 * - a fixed-offset zone (UTC and its aliases, Etc/GMT±N) needs none at all: every day has one
 *   offset, read once;
 * - any other zone is checked at instants WINDOW days apart, one look-up per boundary shared by
 *   the two windows it closes and opens. A window whose two ends have the same offset is taken to
 *   have no transition inside (no zone has had two transitions within a week), and a day is flat
 *   when every instant its local hours can map to (its UTC day widened by a day either side, more
 *   than any offset) lies in flat windows of that offset. Only the few days next to a transition
 *   are resolved with luxon, and those are cached per day.
 * Kept per zone for the process, so a reload asks the zone nothing it has asked before.
 */
import { DateTime, IANAZone } from 'luxon';
import { daysFromCivil, type DayNum } from '../dates';

const DAY = 86400;
const WINDOW = 8;

export interface Clock {
  readonly zone: string;
  /** Unix seconds of the written date and time (null time = midnight). */
  timestamp(day: DayNum, time: number | null): number;
  /** Time of day as stored (seconds since midnight): the written one, moved forward in a DST gap. */
  storedTime(day: DayNum, time: number | null): number;
}

/**
 * Names of zones that have one offset for all time in the tz database: UTC and its links, and the
 * Etc/GMT±N zones (POSIX signs: Etc/GMT+5 is five hours behind UTC). Matched by name because
 * Intl has no way to list a zone's transitions; the offset itself still comes from the zone.
 */
const ZERO_OFFSET_ZONE = /^(?:Etc\/)?(?:UTC|UCT|GMT|GMT[+-]?0|Greenwich|Universal|Zulu)$/i;
const ETC_GMT_HOURS_ZONE = /^Etc\/GMT[+-]\d{1,2}$/i;

export function isFixedOffsetZone(zoneName: string): boolean {
  return ZERO_OFFSET_ZONE.test(zoneName) || ETC_GMT_HOURS_ZONE.test(zoneName);
}

interface ZoneCache {
  /** Offset (seconds) at the instant `b * WINDOW * DAY`, by boundary number b. */
  boundaries: Map<number, number>;
  /** Offsets at the local midnights starting and ending a day, for days that are not flat. */
  edges: Map<DayNum, [number, number]>;
}

const zoneCaches = new Map<string, ZoneCache>();

/**
 * Whether the zone is UTC under another name (UTC and its links, GMT, GMT0): its days and times need no look-up (the first
 * zone look-up through Intl in a process loads ICU's zone data, about 12 ms).
 */
export function isZeroOffsetZone(zoneName: string): boolean {
  return ZERO_OFFSET_ZONE.test(zoneName);
}

/** The day `now` falls on in the zone (luxon for a zone that is not UTC). */
export function dayIn(zoneName: string, now: Date): DayNum {
  if (isZeroOffsetZone(zoneName)) return daysFromCivil(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  const t = DateTime.fromJSDate(now, { zone: zoneName });
  return daysFromCivil(t.year, t.month, t.day);
}

export function makeClock(zoneName: string): Clock {
  // Nothing to ask a zone of offset 0 (a first load of a 9,000-transaction ledger paid a
  // twentieth of its time for ICU's zone data otherwise).
  if (isZeroOffsetZone(zoneName)) {
    return { zone: zoneName, timestamp: (day, time) => day * DAY + (time ?? 0), storedTime: (_day, time) => time ?? 0 };
  }
  const zone = IANAZone.create(zoneName);
  if (isFixedOffsetZone(zoneName) && zone.isValid) {
    const off = zone.offset(0) * 60;
    return {
      zone: zoneName,
      timestamp: (day, time) => day * DAY + (time ?? 0) - off,
      storedTime: (_day, time) => time ?? 0,
    };
  }
  let shared = zoneCaches.get(zoneName);
  if (!shared) zoneCaches.set(zoneName, (shared = { boundaries: new Map(), edges: new Map() }));
  const { boundaries, edges } = shared;
  const offsetAt = (unix: number) => zone.offset(unix * 1000) * 60;
  const offsetAtMidnight = (day: DayNum) => {
    const utcMidnight = day * DAY;
    return offsetAt(utcMidnight - offsetAt(utcMidnight));
  };
  const boundary = (b: number) => {
    let o = boundaries.get(b);
    if (o === undefined) boundaries.set(b, (o = offsetAt(b * WINDOW * DAY)));
    return o;
  };
  /** The one offset of window w, or NaN when its ends differ. */
  const windowOffset = (w: number) => {
    const a = boundary(w);
    return a === boundary(w + 1) ? a : NaN;
  };

  // Directives come in date order: most calls ask about the day asked last.
  let lastDay = NaN;
  let lastFlat = NaN;
  /** The offset of every instant of the day's local hours, or NaN when a transition is near. */
  function flatOffset(day: DayNum): number {
    if (day === lastDay) return lastFlat;
    // Local hours of `day` are instants within [day*DAY - 14h, (day+1)*DAY + 12h]: checking
    // from the UTC day before to the UTC day after covers them.
    const w0 = Math.floor((day - 1) / WINDOW);
    const w1 = Math.floor((day + 1) / WINDOW);
    let f = windowOffset(w0);
    for (let w = w0 + 1; w <= w1 && !Number.isNaN(f); w++) if (windowOffset(w) !== f) f = NaN;
    lastDay = day;
    lastFlat = f;
    return f;
  }

  function dayEdges(day: DayNum): [number, number] {
    let c = edges.get(day);
    if (!c) edges.set(day, (c = [offsetAtMidnight(day), offsetAtMidnight(day + 1)]));
    return c;
  }

  /** Unix seconds for a local wall time `local` (seconds since the epoch as if UTC) on a day that is not flat. */
  function resolve(day: DayNum, local: number): number {
    const [before, after] = dayEdges(day);
    if (before === after) return local - before;
    let best = NaN;
    for (const o of [before, after]) if (offsetAt(local - o) === o && !(o <= best)) best = o;
    // In the gap: read with the offset before the jump, which lands after it by the gap length.
    // Ambiguous: the earliest instant (largest offset).
    return Number.isNaN(best) ? local - before : local - best;
  }

  return {
    zone: zoneName,
    timestamp(day, time) {
      const f = flatOffset(day);
      const local = day * DAY + (time ?? 0);
      return Number.isNaN(f) ? resolve(day, local) : local - f;
    },
    storedTime(day, time) {
      const t = time ?? 0;
      if (!Number.isNaN(flatOffset(day))) return t;
      const [before, after] = dayEdges(day);
      if (before === after) return t;
      const ts = resolve(day, day * DAY + t);
      const shown = ts + offsetAt(ts) - day * DAY;
      // A gap right before midnight would push the time into the next day; keep it on its date.
      return shown >= 0 && shown < DAY ? shown : t;
    },
  };
}
