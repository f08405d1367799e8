import { describe, expect, it } from 'vitest';
import { favaOptions, defaultFavaOptions } from '../../../engine/ledger/fava-options';
import { ledger, ROOT } from './ledger-text';

// bean-check 2.3.5 reads this ledger without errors (checked in /tmp): to Beancount these lines
// are plain custom entries, whatever their values.
const TEXT = `
option "operating_currency" "USD"
2020-01-01 custom "fava-option" "locale" "en_US"
2020-01-01 custom "fava-option" "fiscal-year-end" "03-31"
2020-01-01 custom "fava-option" "conversion-currencies" "USD EUR  CHF"
2020-01-01 custom "fava-option" "invert-income-liabilities-equity" "True"
2020-01-01 custom "fava-option" "default-file"
2020-01-01 custom "fava-option" "collapse-pattern" "^Expenses:.*"
2020-01-01 custom "fava-option" "collapse-pattern" "^Income:.*"
2020-01-01 custom "fava-option" "upcoming-events" "14"
2020-01-01 custom "fava-option" "insert-entry" "Expenses:Food"
2020-01-01 custom "fava-option" "fiscal-year-end" "02-30"
2020-01-01 custom "fava-option" "upcoming-events" "soon"
2020-01-01 custom "fava-option" "no-such-option" "x"
2020-02-01 custom "fava-option" "locale" "de_CH"
2020-01-01 custom "fava-extension" "fava_investor" "{'tables': []}"
2020-01-01 custom "fava-sidebar-link" "Budget" "/beancount/extension/FavaBudget"
2020-01-01 open Assets:Cash
`;

describe("Fava's options", () => {
  const s = ledger(TEXT);
  const o = favaOptions(s);

  it('load without errors and stay custom entries', () => {
    expect(s.errors).toEqual([]);
    expect(s.entries.filter((e) => e.type === 'custom')).toHaveLength(15);
  });

  it('reads the options with Fava parsing; a later line wins', () => {
    expect(o.locale).toBe('de_CH');
    expect(o.fiscalYearEnd).toEqual({ month: 3, day: 31 });
    expect(o.conversionCurrencies).toEqual(['USD', 'EUR', 'CHF']);
    expect(o.invertIncomeLiabilitiesEquity).toBe(true);
    expect(o.defaultFile).toBe(`${ROOT}/main.beancount`);
    expect(o.collapsePattern).toEqual(['^Expenses:.*', '^Income:.*']);
    expect(o.upcomingEvents).toBe(14);
    expect(o.insertEntry.map((e) => [e.pattern, e.src.line])).toEqual([['Expenses:Food', 11]]);
    // Untouched options keep Fava's defaults.
    expect(o.showClosedAccounts).toBe(false);
    expect(o.indent).toBe(2);
  });

  it('lists the lines Fava would refuse without making them ledger errors', () => {
    expect(o.problems.map((p) => [p.src.line, p.message])).toEqual([
      [12, 'Failed to parse fava-option entry: invalid fiscal-year-end "02-30" (write MM-DD)'],
      [13, 'Failed to parse fava-option entry: expected a whole number, got "soon"'],
      [14, 'Failed to parse fava-option entry: unknown option `no-such-option`'],
    ]);
  });

  it('reads extensions and sidebar links', () => {
    expect(o.extensions.map((e) => [e.name, e.config])).toEqual([['fava_investor', "{'tables': []}"]]);
    expect(o.sidebarLinks.map((l) => [l.label, l.url])).toEqual([['Budget', '/beancount/extension/FavaBudget']]);
  });

  it('gives the defaults for a ledger without Fava lines, once per snapshot', () => {
    const plain = ledger('2020-01-01 open Assets:Cash\n');
    const { problems, raw, extensions, sidebarLinks, ...rest } = favaOptions(plain);
    const { problems: p0, raw: r0, extensions: e0, sidebarLinks: l0, ...defaults } = defaultFavaOptions();
    expect(rest).toEqual(defaults);
    expect([problems, raw, extensions, sidebarLinks]).toEqual([p0, r0, e0, l0]);
    expect(favaOptions(plain)).toBe(favaOptions(plain));
  });
});
