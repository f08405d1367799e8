/** Starts the real app on 127.0.0.1 with an ephemeral port over a temporary ledger. */
import { LedgerHost, type LedgerLoader } from '../../../main/host';
import { createApp, type AppOptions } from '../../../main/server/app';
import { listen, type Listening } from '../../../main/server/listen';
import { fakeLoad, tempDir, type TempDir } from '../fake-ledger';

export interface Running {
  url: string;
  host: LedgerHost;
  tmp: TempDir;
  ledger: string;
  server: Listening;
  stop(): Promise<void>;
}

export async function start(
  options: AppOptions & { ledgerText?: string; load?: LedgerLoader; loadFirst?: boolean } = {},
): Promise<Running> {
  const tmp = tempDir();
  const ledger = tmp.write('main.bean', options.ledgerText ?? 'txn one\n');
  const host = new LedgerHost(ledger, options.load ?? fakeLoad);
  if (options.loadFirst !== false) await host.reload();
  const errors: unknown[] = [];
  const app = createApp(host, { log: (e) => errors.push(e), ...options });
  const server = await listen(app, { port: 0 });
  return {
    url: server.url,
    host,
    tmp,
    ledger,
    server,
    async stop() {
      await server.close();
      tmp.cleanup();
    },
  };
}

export function basic(user: string, password: string): string {
  return 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
}
