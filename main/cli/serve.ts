/**
 * Headless mode: `npm run serve -- [LEDGER] [--port N]`.
 *
 * Loads the ledger (default: the bundled main/demo/example.beancount), serves the API and the
 * built renderer on 127.0.0.1, reloads when the ledger or an included file changes, and closes
 * cleanly on SIGINT (Ctrl+C), SIGTERM and SIGHUP: stops accepting, lets requests in flight finish
 * (bounded), closes the watcher, exits 0 (a second signal a second or more later exits at once with 130). Run it from the
 * built JavaScript (main/cli/run.mjs): under tsx, a signal to the process group made tsx's relay
 * kill this process before its shutdown ran. SVC_AUTH=user:password turns on authentication.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAuthSetting } from '../server/auth';
import { DEFAULT_PORT, SHUTDOWN_GRACE_MS, listen } from '../server/listen';
import { DEFAULT_LEDGER as SOURCE_DEFAULT_LEDGER, describeLoad, openLedgerService } from '../start';

/**
 * The bundled example ledger. start.ts finds it from its own place in the source tree; in the
 * built command line (dist/cli/serve.js) that place is the bundle's, so look in the source tree
 * from there.
 */
export const DEFAULT_LEDGER = fs.existsSync(SOURCE_DEFAULT_LEDGER)
  ? SOURCE_DEFAULT_LEDGER
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main/demo/example.beancount');

const USAGE = `usage: npm run serve -- [LEDGER] [--port N]

  LEDGER     .beancount, .bean or .zhang file (default: the bundled example ledger)
  --port N   TCP port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)

Environment: SVC_AUTH=user:password requires sign-in (HTTP Basic or POST /api/auth/login).`;

export interface ServeArgs {
  ledger: string;
  port: number;
}

/** Parses the command line; throws an Error with a message for the user on bad input. */
export function parseServeArgs(argv: string[], cwd = process.cwd()): ServeArgs | 'help' {
  let ledger: string | null = null;
  let port = DEFAULT_PORT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return 'help';
    let value: string | undefined;
    if (arg === '--port') value = argv[++i];
    else if (arg.startsWith('--port=')) value = arg.slice('--port='.length);
    else if (arg.startsWith('-')) throw new Error(`unknown option: ${arg}`);
    else if (ledger === null) {
      ledger = arg;
      continue;
    } else throw new Error(`only one ledger file can be served (got ${ledger} and ${arg})`);
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535) {
      throw new Error(`--port needs a number from 0 to 65535 (got ${value === undefined ? 'nothing' : value})`);
    }
    port = Number(value);
  }
  return { ledger: ledger === null ? DEFAULT_LEDGER : path.resolve(cwd, ledger), port };
}

const clock = () => new Date().toTimeString().slice(0, 8);

async function main(argv: string[]): Promise<number> {
  let args: ServeArgs | 'help';
  let auth;
  try {
    args = parseServeArgs(argv);
    auth = parseAuthSetting(process.env.SVC_AUTH);
  } catch (e) {
    console.error(`error: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }

  console.log(`Ledger Query: serving ${args.ledger}`);
  // Route modules are listed once in main/server/routes/api.ts, shared with the desktop app.
  const service = await openLedgerService({ ledger: args.ledger, app: { auth } });
  const { host, first, watcher } = service;
  console.log('  ' + describeLoad({ kind: first.swapped ? 'reload' : 'problem', status: first.status }));
  if (!first.swapped) console.log('  (pages will answer 503 until the ledger loads; fix the file and save it)');
  host.onEvent((e) => console.log(`[${clock()}] ${describeLoad(e)}`));

  let server;
  try {
    server = await listen(service.app, { port: args.port });
  } catch (e) {
    await service.close();
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
  console.log(`  ${server.url}/`);
  console.log(`  authentication: ${auth ? `on (user ${auth.username})` : 'off (set SVC_AUTH=user:password to require it)'}`);
  console.log(`Watching ${watcher?.watched().length ?? 0} file(s) for changes. Press Ctrl+C to stop.`);

  return new Promise<number>((resolve) => {
    let stoppingAt = 0;
    const stop = async (signal: string) => {
      if (stoppingAt) {
        // A signal to the process group reaches this process twice when a parent relays it too
        // (npm forwards SIGTERM to its script): only a later one is the user insisting.
        if (Date.now() - stoppingAt > 1000) process.exit(130);
        return;
      }
      stoppingAt = Date.now();
      console.log(`\n${signal}: closing (answering requests in flight, at most ${SHUTDOWN_GRACE_MS / 1000} s)`);
      // Should anything hang (a watcher backend, a stuck worker), still exit, and say so.
      setTimeout(() => {
        console.error('shutdown took too long: exiting anyway');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS + 5000).unref();
      // The listener first: requests in flight still need the ledger; then the watcher (and engine).
      const closed = await Promise.allSettled([server.close(SHUTDOWN_GRACE_MS)]);
      const rest = await Promise.allSettled([service.close()]);
      for (const r of [...closed, ...rest]) if (r.status === 'rejected') console.error('while closing:', r.reason);
      console.log('closed');
      resolve(0);
    };
    // The signal may arrive while a reload holds this thread; the handler then runs right after it.
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGHUP', () => void stop('SIGHUP'));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error('error:', e);
      process.exit(1);
    },
  );
}
