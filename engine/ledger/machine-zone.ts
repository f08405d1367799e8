/**
 * The machine's time zone, the ledger's zone when it names none (spec: the `timezone` option).
 *
 * Asking Intl costs about 12 ms the first time in a process (ICU's time-zone data is loaded
 * then), a twentieth of a first load of a 9,000-transaction ledger and as much again for every
 * `npm run check` in a script. A machine on UTC (servers, containers, CI) says so without Intl:
 * TZ names a UTC alias, or, without TZ, /etc/localtime links to one. Anything else goes to Intl,
 * which a zone other than UTC needs anyway to compute offsets.
 */
import { readlinkSync } from 'node:fs';
import { IANAZone } from 'luxon';

/** Names Node's Intl resolves to 'UTC' (checked with TZ=<name> under Node 22: GMT is not one, it gives '+00:00'). */
const UTC_ALIASES = new Set(['UTC', 'Etc/UTC', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu', 'Etc/GMT', 'UCT', 'Etc/UCT']);

/** 'UTC' when the environment says so without Intl; null when only Intl can tell. */
export function utcWithoutIntl(tz: string | undefined, localtimeLink: () => string | null): 'UTC' | null {
  if (tz !== undefined) return UTC_ALIASES.has(tz) ? 'UTC' : null;
  const target = localtimeLink();
  if (target === null) return null;
  const at = target.lastIndexOf('zoneinfo/');
  return at >= 0 && UTC_ALIASES.has(target.slice(at + 'zoneinfo/'.length)) ? 'UTC' : null;
}

function localtimeLink(): string | null {
  if (process.platform === 'win32') return null;
  try {
    return readlinkSync('/etc/localtime');
  } catch {
    // Not a link (a copied zone file) or no such file: Intl reads it.
    return null;
  }
}

export function machineZone(): string {
  const utc = utcWithoutIntl(process.env.TZ, localtimeLink);
  if (utc !== null) return utc;
  const z = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return z && IANAZone.isValidZone(z) ? z : 'UTC';
}
