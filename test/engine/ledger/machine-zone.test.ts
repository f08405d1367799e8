/**
 * The machine's zone without Intl on UTC machines (engine/ledger/machine-zone.ts): the answer
 * must be Intl's own. Each TZ value is also run through Node's Intl in a child process, so the
 * alias list is checked against the Node that runs the tests.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { utcWithoutIntl } from '../../../engine/ledger/machine-zone';

const intlZone = (tz: string): string =>
  execFileSync(process.execPath, ['-e', 'process.stdout.write(Intl.DateTimeFormat().resolvedOptions().timeZone)'], {
    env: { ...process.env, TZ: tz },
  }).toString();

describe('machine zone without Intl', () => {
  it('a TZ that is a UTC alias is UTC, as Intl says; any other TZ is left to Intl', () => {
    for (const tz of ['UTC', 'Etc/UTC', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu', 'Etc/GMT', 'UCT', 'Etc/UCT']) {
      expect(utcWithoutIntl(tz, () => null)).toBe('UTC');
      expect(intlZone(tz)).toBe('UTC');
    }
    // GMT resolves to '+00:00' in Intl, an empty TZ to 'Etc/Unknown': not ours to decide.
    for (const tz of ['Europe/Berlin', 'GMT', '', 'America/New_York', 'utc']) expect(utcWithoutIntl(tz, () => '/usr/share/zoneinfo/Etc/UTC')).toBeNull();
  });

  it('without TZ, /etc/localtime linking to a UTC zone file is UTC; another zone, no link or a copy goes to Intl', () => {
    expect(utcWithoutIntl(undefined, () => '/usr/share/zoneinfo/Etc/UTC')).toBe('UTC');
    expect(utcWithoutIntl(undefined, () => '../usr/share/zoneinfo/UTC')).toBe('UTC');
    expect(utcWithoutIntl(undefined, () => '/var/db/timezone/zoneinfo/UTC')).toBe('UTC');
    expect(utcWithoutIntl(undefined, () => '/usr/share/zoneinfo/Europe/Berlin')).toBeNull();
    expect(utcWithoutIntl(undefined, () => '/usr/share/zoneinfo/GMT')).toBeNull();
    expect(utcWithoutIntl(undefined, () => null)).toBeNull();
  });
});
