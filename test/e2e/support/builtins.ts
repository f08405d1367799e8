/** Built-in query helpers for the e2e tests: text with parameters written in, then its result. */
import type { LedgerServer } from './server';

export async function builtinText(server: LedgerServer, name: string, params: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/api/query/builtins/${encodeURIComponent(name)}/text`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ params }),
  });
  const body = (await res.json()) as { data?: { query?: string }; message?: string };
  if (res.status !== 200 || typeof body.data?.query !== 'string') {
    throw new Error(`builtin ${name} text: HTTP ${res.status} ${body.message ?? ''}`);
  }
  return body.data.query;
}
