/**
 * The server under test, in-process: the same openLedgerService + listen as `npm run serve`, on
 * an ephemeral port of 127.0.0.1, over a COPY of the bundled example ledger (and its documents)
 * in a temp dir, so a test may edit the ledger without touching the repository.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen } from '../../../main/server/listen';
import { openLedgerService, type LedgerService } from '../../../main/start';
import { DEMO_DIR, RENDERER_DIR } from './paths';

export interface LedgerServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The temp copy of example.beancount being served. */
  readonly ledger: string;
  readonly service: LedgerService;
  /** POST /api/query; the parsed body and the status. */
  query(text: string): Promise<{ status: number; body: any }>;
  getJson(pathAndQuery: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** `file`: the ledger of main/demo/ to serve (its copy), default the bundled example. */
export async function startLedgerServer(file = 'example.beancount'): Promise<LedgerServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-e2e-'));
  cpSync(DEMO_DIR, dir, { recursive: true });
  const ledger = path.join(dir, file);
  // A short debounce keeps the reload test quick; the product default is tuned for editors.
  const service = await openLedgerService({ ledger, app: { rendererDir: RENDERER_DIR }, watch: { debounceMs: 50 } });
  if (!service.first.swapped) {
    await service.close();
    throw new Error(`e2e: the example ledger did not load: ${service.first.status.problem?.message}`);
  }
  const http = await listen(service.app, { port: 0 });
  const url = http.url;

  async function json(res: Response): Promise<{ status: number; body: any }> {
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      throw new Error(`e2e: ${res.url} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
  }

  return {
    url,
    ledger,
    service,
    query: async (text) =>
      json(await fetch(`${url}/api/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: text }) })),
    getJson: async (p) => json(await fetch(url + p)),
    close: async () => {
      await http.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
