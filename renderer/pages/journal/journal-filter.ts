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
}

export const JOURNAL_PAGE_SIZE = 100;

const one = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');

export function readJournalUrl(query: Record<string, unknown>): JournalUrlState {
  const n = Number(one(query.page));
  return { page: Number.isInteger(n) && n >= 1 ? n : 1, keyword: one(query.keyword), tags: one(query.tags), links: one(query.links) };
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

/** Parameters of journals.page for the same page and filters the endpoint was asked for. */
export function journalParams(s: JournalUrlState): Params {
  const tags = splitNames(s.tags);
  const links = splitNames(s.links);
  return {
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
  return q;
}
