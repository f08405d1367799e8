import { describe, expect, test } from 'vitest';
import {
  compileRegex,
  estimateInstructions,
  matchesInsensitive,
  matchesSensitive,
  REGEX_TOO_LARGE,
  regexProblem,
} from '../../../engine/query/regex';

describe('matching', () => {
  test('~ matches any part ignoring case (Unicode-aware)', () => {
    expect(matchesInsensitive('Expenses:Food:Groceries', 'food')).toBe(true);
    expect(matchesInsensitive('Expenses:Food', '^food')).toBe(false);
    expect(matchesInsensitive('CAFÉ', 'café')).toBe(true);
    expect(matchesInsensitive('Expenses:Foodstuff', '^Expenses:Food(:|$)')).toBe(false);
    expect(matchesInsensitive('Expenses:Food', '^Expenses:Food(:|$)')).toBe(true);
  });

  test('?~ is case-sensitive, pattern first', () => {
    expect(matchesSensitive('Food', 'Expenses:Food')).toBe(true);
    expect(matchesSensitive('food', 'Expenses:Food')).toBe(false);
  });

  test('compiled patterns are cached', () => {
    expect(compileRegex('abc+', true)).toBe(compileRegex('abc+', true));
    expect(compileRegex('abc+', true)).not.toBe(compileRegex('abc+', false));
  });
});

describe('invalid patterns', () => {
  test('syntax errors carry the reason', () => {
    expect(regexProblem('(', true)).toBe('invalid regular expression: missing ): (');
    expect(regexProblem('(?=a)', true)).toBe('invalid regular expression: invalid perl operator: (?=');
    expect(regexProblem('(a)\\1', true)).toBe('invalid regular expression: invalid escape sequence: \\1');
    expect(() => compileRegex('[z-a]', false)).toThrow('invalid regular expression: invalid character class range: z-a');
    // errors are cached too and thrown again each time
    expect(() => compileRegex('(', true)).toThrow('invalid regular expression: missing ): (');
  });

  test('a compiled program over 1 MiB is refused with the spec message', () => {
    expect(REGEX_TOO_LARGE).toBe('invalid regular expression: Compiled regex exceeds size limit of 1048576 bytes');
    // nested repetition: a million instructions
    expect(regexProblem('(((a{100}){100}){100})', true)).toBe(REGEX_TOO_LARGE);
    // Unicode classes are large programs: measured by RE2.Set with a 1 MiB budget
    expect(regexProblem('\\pL{200}', false)).toBe(REGEX_TOO_LARGE);
    expect(regexProblem('a'.repeat(20000), false)).toBe(REGEX_TOO_LARGE);
  });

  test('patterns under the limit compile', () => {
    expect(regexProblem('\\pL{10}', false)).toBeNull();
    expect(regexProblem('a'.repeat(5000), false)).toBeNull();
    expect(regexProblem('[a-z]{1000}', true)).toBeNull();
  });

  test('an over-counted but small nested repetition keeps RE2 message', () => {
    // 10 x 200 = 2,000 > RE2's 1,000 repetition budget, but only ~2,000 instructions
    expect(regexProblem('(a{10}){200}', false)).toBe('invalid regular expression: invalid repetition size: {200}');
    expect(regexProblem('a{1001}', false)).toBe('invalid regular expression: invalid repetition size: {1001}');
  });

  test('size estimate multiplies nested counts', () => {
    expect(estimateInstructions('abc')).toBe(3);
    expect(estimateInstructions('(a{100}){100}')).toBeGreaterThanOrEqual(10000);
    expect(estimateInstructions('(((a{100}){100}){100})')).toBeGreaterThanOrEqual(1_000_000);
    expect(estimateInstructions('[a-z(]{3}|(?:x)')).toBeLessThan(10);
  });
});

describe('remembered results', () => {
  test('repeated and long texts give the same answers as fresh matching', () => {
    const re = compileRegex('^assets:(bank|cash)(:|$)', true);
    for (let k = 0; k < 3; k++) {
      expect(re.test('Assets:Bank:Checking')).toBe(true);
      expect(re.test('Assets:Banking')).toBe(false);
      expect(re.test('Assets:Cash')).toBe(true);
      expect(re.test('Assets:Cash:' + 'x'.repeat(200))).toBe(true);
      expect(re.test('Liabilities:Cash:' + 'x'.repeat(200))).toBe(false);
    }
    for (let i = 0; i < 5000; i++) expect(re.test(i % 2 ? `Assets:Bank:${i}` : `Assets:Other:${i}`)).toBe(i % 2 === 1);
  });
});
