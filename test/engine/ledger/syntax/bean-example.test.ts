/**
 * Cross-check against Beancount 2.3.5: the bean-example fixtures parse without errors into the
 * same number of directives of each type (and postings) as beancount's own parser reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseText } from '../../../../engine/ledger/syntax';

const DIR = join(__dirname, '../../../fixtures/bean-example');

describe.each(['seed3-2021-2023', 'seed11-2016-2019'])('bean-example %s', (name) => {
  const expected = JSON.parse(readFileSync(join(DIR, `${name}.expected.json`), 'utf8')).parsed as Record<string, number>;
  const r = parseText(readFileSync(join(DIR, `${name}.beancount`), 'utf8'), `${DIR}/${name}.beancount`, 'beancount');

  it('parses with zero errors', () => {
    expect(r.errors).toEqual([]);
  });

  it('reads the directives and postings beancount reads', () => {
    const counts: Record<string, number> = {};
    for (const k of Object.keys(expected)) counts[k] = 0;
    let postings = 0;
    for (const d of r.directives) {
      counts[d.type]++;
      if (d.type === 'transaction') postings += d.postings.length;
    }
    counts.postings = postings;
    counts.total = r.directives.length;
    expect(counts).toEqual(expected);
  });
});
