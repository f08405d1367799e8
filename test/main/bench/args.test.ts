import { describe, expect, it } from 'vitest';
import { parseBenchArgs, runsOn } from '../../../main/bench/args';

const LEDGERS = ['10k', '100k', '1m', 'large', 'xlarge'];
const SECTIONS = ['parse', 'load', 'reload', 'heavy', 'clients'];

describe('parseBenchArgs', () => {
  it('defaults: every ledger, every section, one repeat', () => {
    expect(parseBenchArgs([], LEDGERS, SECTIONS)).toEqual({ only: LEDGERS, onlyGiven: false, repeat: 1, runs: 1, sections: SECTIONS });
  });

  it('reads lists (trimmed, ledgers case-insensitive) and the repeat count', () => {
    expect(parseBenchArgs(['--only', 'XLarge, large', '--sections', 'reload,heavy', '--repeat', '3', '--runs', '5'], LEDGERS, SECTIONS)).toEqual({
      only: ['xlarge', 'large'],
      onlyGiven: true,
      repeat: 3,
      runs: 5,
      sections: ['reload', 'heavy'],
    });
  });

  it('answers bad input with a message', () => {
    expect(parseBenchArgs(['--only', 'huge'], LEDGERS, SECTIONS)).toBe("unknown ledger 'huge' (ledgers: 10k, 100k, 1m, large, xlarge)");
    expect(parseBenchArgs(['--sections', 'reload,nope'], LEDGERS, SECTIONS)).toMatch(/^unknown section 'nope'/);
    expect(parseBenchArgs(['--repeat', '0'], LEDGERS, SECTIONS)).toBe('--repeat needs a positive integer');
    expect(parseBenchArgs(['--repeat'], LEDGERS, SECTIONS)).toBe('--repeat needs a positive integer');
    expect(parseBenchArgs(['--runs', '1.5'], LEDGERS, SECTIONS)).toBe('--runs needs a positive integer');
    expect(parseBenchArgs(['--only'], LEDGERS, SECTIONS)).toBe('--only needs a list such as 10k,100k');
    expect(parseBenchArgs(['--fast'], LEDGERS, SECTIONS)).toMatch(/^unknown option --fast\nusage: npm run bench -- \[--only 10k,100k,1m,large,xlarge\]/);
  });
});

describe('runsOn', () => {
  const xlargeOnly = { sizes: ['xlarge'] };
  it('a section limited to xlarge runs on xlarge only by default, and on any ledger --only names', () => {
    expect(runsOn(xlargeOnly, 'xlarge', { onlyGiven: false })).toBe(true);
    expect(runsOn(xlargeOnly, 'large', { onlyGiven: false })).toBe(false);
    expect(runsOn(xlargeOnly, 'large', { onlyGiven: true })).toBe(true);
    expect(runsOn({}, '10k', { onlyGiven: false })).toBe(true);
  });
});
