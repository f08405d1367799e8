/**
 * The Journal page's filters as the URL holds them and as they go out: to GET /api/journals as
 * query-string values, and to journals.page (Open query) as built-in parameters, where an empty
 * filter is NULL (left out) and tags/links are sets.
 */
import type { Params } from '../../components/page/page-api';

export interface JournalUrlState {
  page: number;
  keyword: string;
  tags: string;
  links: string;
  /**
   * Entry-kind toggles (issue 17 §2): comma-separated JOURNAL_TYPES tokens; absent (undefined)
   * = the spec's default journal; '' = every toggle off (nothing listed, no request).
   */
  types?: string;
}

/** The toggles in display order; `def` marks the kinds the default journal lists. */
export const TYPE_TOGGLES: readonly { token: string; label: string; def: boolean }[] = [
  { token: 'cleared', label: '* Cleared', def: true },
  { token: 'pending', label: '! Pending', def: true },
  { token: 'other-flags', label: 'Other flags', def: true },
  { token: 'pad', label: 'Padding', def: true },
  { token: 'balance', label: 'Balance', def: true },
  { token: 'note', label: 'Note', def: false },
  { token: 'document', label: 'Document', def: false },
  { token: 'price', label: 'Price', def: false },
  { token: 'open', label: 'Open', def: false },
  { token: 'close', label: 'Close', def: false },
  { token: 'custom', label: 'Custom', def: false },
  { token: 'event', label: 'Event', def: false },
];

/** The toggles on for a URL state. */
export function activeTypes(s: JournalUrlState): string[] {
  if (s.types === undefined) return TYPE_TOGGLES.filter((t) => t.def).map((t) => t.token);
  return s.types.split(',').filter((t) => t !== '');
}

/** The `types` value for a set of toggles: undefined when it equals the default (the URL stays short). */
export function typesValue(on: readonly string[]): string | undefined {
  const ordered = TYPE_TOGGLES.map((t) => t.token).filter((t) => on.includes(t));
  const def = TYPE_TOGGLES.filter((t) => t.def).map((t) => t.token);
  return ordered.length === def.length && ordered.every((t, i) => t === def[i]) ? undefined : ordered.join(',');
}

export const JOURNAL_PAGE_SIZE = 100;

const one = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');

export function readJournalUrl(query: Record<string, unknown>): JournalUrlState {
  const n = Number(one(query.page));
  const s: JournalUrlState = { page: Number.isInteger(n) && n >= 1 ? n : 1, keyword: one(query.keyword), tags: one(query.tags), links: one(query.links) };
  if (query.types !== undefined) s.types = one(query.types);
  return s;
}

/** `#trip, ^x  y` -> ['trip', 'x', 'y']: comma or space separated, the # or ^ marks dropped, once each. */
export function splitNames(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[\s,]+/)) {
    const name = part.replace(/^[#^]/, '');
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The built-in the endpoint runs for a state: journals.page_of_types once the toggles differ from the default. */
export const journalBuiltin = (s: JournalUrlState): string => (s.types === undefined ? 'journals.page' : 'journals.page_of_types');

/** Parameters of journals.page (or page_of_types) for the same page and filters the endpoint was asked for. */
export function journalParams(s: JournalUrlState): Params {
  const tags = splitNames(s.tags);
  const links = splitNames(s.links);
  return {
    ...(s.types === undefined ? {} : { types: activeTypes(s) }),
    keyword: s.keyword.trim() === '' ? null : s.keyword,
    tags: tags.length ? tags : null,
    links: links.length ? links : null,
    size: JOURNAL_PAGE_SIZE,
    offset: (s.page - 1) * JOURNAL_PAGE_SIZE,
  };
}

/** The URL query of a state, leaving out defaults so links stay short. */
export function journalUrlQuery(s: JournalUrlState): Record<string, string> {
  const q: Record<string, string> = {};
  if (s.page > 1) q.page = String(s.page);
  if (s.keyword !== '') q.keyword = s.keyword;
  if (s.tags !== '') q.tags = s.tags;
  if (s.links !== '') q.links = s.links;
  if (s.types !== undefined) q.types = s.types;
  return q;
}
