import { afterEach, describe, expect, it } from 'vitest';
import type { RawRequest, RawResponse, Transport } from '../../../renderer/api/transport';
import { accountJournal, builtinText, journals, setPageTransport, summary } from '../../../renderer/components/page/page-api';

/** A transport that records requests and answers from a table of path -> response. */
function fake(answer: (r: RawRequest) => RawResponse | Error): { sent: RawRequest[] } {
  const sent: RawRequest[] = [];
  const t: Transport = {
    kind: 'http',
    async send(r) {
      sent.push(r);
      const a = answer(r);
      if (a instanceof Error) throw a;
      return a;
    },
  };
  setPageTransport(t);
  return { sent };
}
const json = (status: number, body: unknown): RawResponse => ({ status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) });

afterEach(() => setPageTransport(null));

describe('page API client', () => {
  it('asks for a built-in text with the parameters as JSON values', async () => {
    const { sent } = fake(() => json(200, { data: { query: "SELECT 1 WHERE payee = 'O''Neil'" } }));
    const r = await builtinText('postings.by_payee_tags', { payee: "O'Neil", tags: null });
    expect(r).toEqual({ ok: true, data: "SELECT 1 WHERE payee = 'O''Neil'" });
    expect(sent).toEqual([{ method: 'POST', path: '/api/query/builtins/postings.by_payee_tags/text', body: { params: { payee: "O'Neil", tags: null } } }]);
  });

  it('turns a 400 naming the parameter into an http problem with its message', async () => {
    fake(() => json(400, { message: "parameter 'month' is missing" }));
    expect(await builtinText('budgets.month', {})).toEqual({ ok: false, problem: { kind: 'http', status: 400, message: "parameter 'month' is missing" } });
  });

  it('reports a server that does not answer, and an answer of the wrong shape', async () => {
    fake(() => new Error('connection refused'));
    const down = await summary('2024-01-01', '2024-12-31');
    expect(down.ok ? null : down.problem).toEqual({ kind: 'network', message: 'the server did not answer: connection refused' });
    fake(() => json(200, { data: { currency: 'USD' } }));
    const bad = await summary('2024-01-01', '2024-12-31');
    expect(bad.ok ? null : bad.problem).toEqual({ kind: 'invalid', message: 'unexpected answer from the server: data net_worth is missing' });
  });

  it('sends journal filters as query-string values, leaving empty ones out', async () => {
    const page = { page: 2, size: 100, total_count: 0, total_pages: 0, records: [] };
    const { sent } = fake(() => json(200, { data: page }));
    const r = await journals(2, 100, { keyword: 'a&b c', tags: 'x,y', links: null });
    expect(r).toEqual({ ok: true, data: page });
    expect(sent[0].path).toBe('/api/journals?page=2&size=100&keyword=a%26b+c&tags=x%2Cy');
  });

  it('percent-encodes the account of the account journal path', async () => {
    const { sent } = fake(() => json(200, { data: { page: 1, size: 100, total_count: 0, total_pages: 0, records: [] } }));
    await accountJournal('Assets:Café', 3);
    expect(sent[0].path).toBe('/api/accounts/Assets%3ACaf%C3%A9/journals?page=3');
  });

  it('checks each record of a page', async () => {
    fake(() => json(200, { data: { page: 1, size: 100, total_count: 1, total_pages: 1, records: [{ type: 'posting' }] } }));
    const r = await accountJournal('Assets', 1);
    expect(r.ok ? null : r.problem.message).toBe('unexpected answer from the server: data records[0].date is missing');
  });
});
