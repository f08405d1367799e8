/**
 * Checks a filter with the server before it goes into the URL, so a mistake is shown under its
 * field while the page keeps its last figures: the time expression through GET /api/filter/time,
 * the account and entry filters through an empty query (`SELECT 1 LIMIT 0`) carrying them. The
 * server's message names the filter (`entry filter at column 7: ...`), which says which field it
 * belongs under.
 */
import type { Transport } from '../api/transport';
import { errorMessage } from '../api/validate';
import type { FilterKey } from './page-filter';

export type FilterProblems = Partial<Record<FilterKey, string>>;

const OWNER: [RegExp, FilterKey][] = [
  [/^time filter/, 'time'],
  [/^account filter/, 'account'],
  [/^entry filter/, 'filter'],
];

function messageOf(text: string): string {
  try {
    return errorMessage(JSON.parse(text)) ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200) || 'request failed';
  }
}

/** Problems by field; empty when the server accepts the filter. */
export async function checkFilter(f: Record<FilterKey, string>, transport: Transport): Promise<FilterProblems> {
  const problems: FilterProblems = {};
  const place = (message: string, fallback: FilterKey) => {
    const owner = OWNER.find(([re]) => re.test(message))?.[1] ?? fallback;
    problems[owner] ??= message;
  };
  const requests: Promise<void>[] = [];
  if (f.time !== '') {
    requests.push(
      transport
        .send({ method: 'GET', path: `/api/filter/time?${new URLSearchParams({ time: f.time })}` })
        .then((res) => {
          if (res.status !== 200) place(messageOf(res.text), 'time');
        })
        .catch((e) => place(`the server did not answer: ${e instanceof Error ? e.message : String(e)}`, 'time')),
    );
  }
  if (f.account !== '' || f.filter !== '') {
    const body: Record<string, string> = { query: 'SELECT 1 LIMIT 0' };
    if (f.account !== '') body.account = f.account;
    if (f.filter !== '') body.filter = f.filter;
    requests.push(
      transport
        .send({ method: 'POST', path: '/api/query', body })
        .then((res) => {
          if (res.status !== 200) place(messageOf(res.text), f.filter !== '' ? 'filter' : 'account');
        })
        .catch((e) => place(`the server did not answer: ${e instanceof Error ? e.message : String(e)}`, 'filter')),
    );
  }
  await Promise.all(requests);
  return problems;
}
