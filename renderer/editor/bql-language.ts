/**
 * BQL for CodeMirror: lang-sql's tokenizer with a dialect of the spec's words (spec 2, lexical
 * rules): `--` comments only (no `#` comments, since `#name` is a table, and no block comments), strings in
 * single or double quotes without escapes, `$1` and `:name` parameters.
 */
import { SQLDialect } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import { BQL_KEYWORDS } from '../lib/bql-completion';

/** Function names are highlighted as builtins once the schema is known (see bqlLanguage). */
export function bqlDialect(functionNames: readonly string[] = []): SQLDialect {
  return SQLDialect.define({
    keywords: BQL_KEYWORDS.join(' ').toLowerCase(),
    builtin: functionNames.join(' ').toLowerCase(),
    types: '',
    operatorChars: '*+-/<>=!~?',
    specialVar: ':$',
    doubleQuotedStrings: true,
    hashComments: false,
    slashComments: false,
    spaceAfterDashes: false,
    backslashEscapes: false,
    charSetCasts: false,
    // BQL has no quoted identifiers; a backtick never appears in valid BQL.
    identifierQuotes: '`',
    caseInsensitiveIdentifiers: true,
  });
}

/** Highlighting only: completion is the page's own source (lib/bql-completion.ts). */
export function bqlLanguage(functionNames: readonly string[] = []): LanguageSupport {
  return new LanguageSupport(bqlDialect(functionNames).language);
}
