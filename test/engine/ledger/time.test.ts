/**
 * The clock's shortcuts (fixed-offset zones without look-ups, flat windows for the others) against
 * a reference that asks luxon about every day, and hand-computed instants around DST changes.
 */
import { describe, expect, it } from 'vitest';
import { IANAZone } from 'luxon';
import { daysFromCivil } from '../../../engine/dates';
import { dayIn, isFixedOffsetZone, isZeroOffsetZone, makeClock } from '../../../engine/ledger/time';
import { DateTime } from 'luxon';

const DAY = 86400;

/** The rule of time.ts with no shortcut: the day's two midnight offsets asked every time. */
function reference(zoneName: string) {
  const zone = IANAZone.create(zoneName);
  const offsetAt = (unix: number) => zone.offset(unix * 1000) * 60;
  const midnight = (day: number) => offsetAt(day * DAY - offsetAt(day * DAY));
  const resolve = (day: number, local: number) => {
    const before = midnight(day);
    const after = midnight(day + 1);
    if (before === after) return local - before;
    const ok = [before, after].filter((o) => offsetAt(local - o) === o);
    return ok.length === 0 ? local - before : local - Math.max(...ok);
  };
  return {
    timestamp: (day: number, t: number) => resolve(day, day * DAY + t),
    storedTime: (day: number, t: number) => {
      if (midnight(day) === midnight(day + 1)) return t;
      const ts = resolve(day, day * DAY + t);
      const shown = ts + offsetAt(ts) - day * DAY;
      return shown >= 0 && shown < DAY ? shown : t;
    },
  };
}

/** Small deterministic generator (no Math.random: failures must reproduce). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const d = (y: number, m: number, day: number) => daysFromCivil(y, m, day);
const iso = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19);

describe('clock', () => {
  it('knows the fixed-offset zones by name', () => {
    for (const z of ['UTC', 'Etc/UTC', 'etc/utc', 'GMT', 'Etc/GMT', 'Etc/GMT+5', 'Etc/GMT-14', 'Zulu', 'Etc/Universal']) expect(isFixedOffsetZone(z)).toBe(true);
    for (const z of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'GMT+5', 'UTC2']) expect(isFixedOffsetZone(z)).toBe(false);
  });

  it('reads fixed-offset zones without look-ups (Etc/GMT+5 is UTC-5, POSIX sign)', () => {
    const c = makeClock('Etc/GMT+5');
    expect(iso(c.timestamp(d(2024, 1, 1), null))).toBe('2024-01-01T05:00:00');
    expect(iso(c.timestamp(d(1750, 3, 1), 3600))).toBe('1750-03-01T06:00:00');
    expect(c.storedTime(d(2024, 3, 10), 9000)).toBe(9000);
    const u = makeClock('UTC');
    expect(iso(u.timestamp(d(1800, 12, 31), 86399))).toBe('1800-12-31T23:59:59');
  });

  it('the zero-offset names (UTC and its links, GMT, GMT0) agree with the zone looked up, day by day', () => {
    const next = rng(7);
    for (const z of ['UTC', 'Etc/UTC', 'utc', 'UCT', 'Etc/UCT', 'GMT', 'Etc/GMT', 'GMT0', 'GMT+0', 'GMT-0', 'Etc/GMT0', 'Etc/GMT-0', 'Greenwich', 'Etc/Greenwich', 'Universal', 'Etc/Universal', 'Zulu', 'Etc/Zulu']) {
      const c = makeClock(z);
      const r = reference(z);
      expect(c.zone).toBe(z);
      for (let k = 0; k < 20; k++) {
        const day = d(1700, 1, 1) + Math.floor(next() * 150000);
        const t = Math.floor(next() * DAY);
        expect(c.timestamp(day, t)).toBe(r.timestamp(day, t));
        expect(c.storedTime(day, t)).toBe(r.storedTime(day, t));
      }
      expect(c.timestamp(d(2024, 7, 1), null)).toBe(d(2024, 7, 1) * DAY);
    }
  });

  it("the day of an instant: UTC's names without a look-up, other zones through luxon, both as luxon says", () => {
    const next = rng(11);
    for (const z of ['UTC', 'Etc/UTC', 'GMT', 'Zulu', 'Europe/Berlin', 'Pacific/Kiritimati', 'Etc/GMT+5']) {
      expect(isZeroOffsetZone(z)).toBe(['UTC', 'Etc/UTC', 'GMT', 'Zulu'].includes(z));
      for (let k = 0; k < 30; k++) {
        const now = new Date(Date.UTC(2000, 0, 1) + Math.floor(next() * 40 * 365 * DAY) * 1000);
        const t = DateTime.fromJSDate(now, { zone: z });
        expect(dayIn(z, now)).toBe(daysFromCivil(t.year, t.month, t.day));
      }
    }
    // 2024-03-01 23:30 UTC is March 1st in UTC, March 2nd in Berlin (00:30) and in Kiritimati.
    const late = new Date(Date.UTC(2024, 2, 1, 23, 30));
    expect(dayIn('UTC', late)).toBe(d(2024, 3, 1));
    expect(dayIn('Europe/Berlin', late)).toBe(d(2024, 3, 2));
    expect(dayIn('Etc/GMT+5', late)).toBe(d(2024, 3, 1));
  });

  it('moves a time in a spring-forward gap forward and reads a repeated time as its first occurrence', () => {
    const c = makeClock('America/New_York');
    // 2024-03-10 02:30 does not exist (02:00 EST -> 03:00 EDT): stored 03:30 EDT = 07:30Z.
    expect(c.storedTime(d(2024, 3, 10), 9000)).toBe(12600);
    expect(iso(c.timestamp(d(2024, 3, 10), 9000))).toBe('2024-03-10T07:30:00');
    // 2024-11-03 01:30 occurs twice: the EDT one, 05:30Z.
    expect(iso(c.timestamp(d(2024, 11, 3), 5400))).toBe('2024-11-03T05:30:00');
    expect(c.storedTime(d(2024, 11, 3), 5400)).toBe(5400);
    // An ordinary day on either side.
    expect(iso(c.timestamp(d(2024, 7, 4), null))).toBe('2024-07-04T04:00:00');
    expect(iso(c.timestamp(d(2024, 12, 25), 43200))).toBe('2024-12-25T17:00:00');
  });

  // Zones with unusual histories: double summer time (London 1940s), half-hour DST (Lord Howe),
  // a skipped day (Apia 2011), DST suspended for Ramadan (Casablanca), local mean time (1750s).
  const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Apia', 'Africa/Casablanca', 'Asia/Kolkata', 'UTC', 'Etc/GMT-10'];
  for (const zone of zones) {
    it(`agrees with a day-by-day reference in ${zone}`, () => {
      const c = makeClock(zone);
      const ref = reference(zone);
      const z = IANAZone.create(zone);
      const next = rng(zone.length * 7919);
      const days: number[] = [];
      // Random days over the span of real ledgers (1750-2035) ...
      for (let i = 0; i < 600; i++) days.push(d(1750, 1, 1) + Math.floor(next() * (d(2035, 1, 1) - d(1750, 1, 1))));
      // ... and every day within two days of each offset change found by stepping 1900-2030.
      let changes = 0;
      let prev = z.offset(d(1900, 1, 1) * DAY * 1000);
      for (let day = d(1900, 1, 1) + 1; day < d(2030, 1, 1); day++) {
        const o = z.offset(day * DAY * 1000);
        if (o !== prev) {
          changes++;
          for (let k = -3; k <= 2; k++) days.push(day + k);
        }
        prev = o;
      }
      const wrong: unknown[] = [];
      let checked = 0;
      for (const day of days) {
        for (const t of [null, 0, 1800, 3600, 5400, 7200, 9000, 10800, 43200, 84600, 86399, Math.floor(next() * DAY)]) {
          const ts = c.timestamp(day, t);
          const st = c.storedTime(day, t);
          if (ts !== ref.timestamp(day, t ?? 0) || st !== ref.storedTime(day, t ?? 0)) wrong.push({ day, t, ts, st });
          checked++;
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(600 * 12);
      // The zones with DST really were exercised around their changes.
      if (!isFixedOffsetZone(zone) && zone !== 'Asia/Kolkata') expect(changes).toBeGreaterThan(20);
    });
  }
});
