/**
 * The desktop app's command line: `ledger-query [LEDGER] [--port N | --no-api]`.
 *
 * Electron's argv carries more than the user's words: the executable, in development the app
 * directory (`electron .`), Chromium and Electron switches (`--no-sandbox`, `--inspect=9229`,
 * `--enable-logging`), and on macOS a `-psn_...` process serial number. Unknown switches are
 * therefore skipped (and reported), never fatal: the app must start whatever a launcher adds.
 *
 * Choices where the issue is silent:
 * - The API port comes from `--port N` (or `--port=N`), else the environment variable
 *   LEDGER_API_PORT, else 8000 like `npm run serve`; 0 picks a free port (shown in the Help menu). `--no-api` or LEDGER_API_PORT=off turns the
 *   HTTP API off (the app itself talks over IPC and does not need it).
 * - A bad port is an error the app shows and then starts with the API off, rather than refusing
 *   to open the ledger.
 * - Only one ledger path is taken; later positional arguments are reported as ignored.
 */
import path from 'node:path';
import { DEFAULT_PORT } from '../server/listen';

export const PORT_ENV = 'LEDGER_API_PORT';

export interface ShellArgs {
  /** Absolute ledger path from the command line, or null (then the last ledger reopens). */
  ledger: string | null;
  /** TCP port of the localhost API, or null when the API is off. */
  port: number | null;
  /** Problems to show the user (bad port, extra paths); the app still starts. */
  warnings: string[];
  /** Switches not ours (Chromium/Electron ones), skipped. */
  ignored: string[];
}

/**
 * The user's arguments out of process.argv: in development (`electron . FILE`, process.defaultApp
 * true) they start after the app path, in a packaged app right after the executable.
 */
export function userArgs(argv: readonly string[], defaultApp: boolean): string[] {
  return argv.slice(defaultApp ? 2 : 1);
}

function parsePort(value: string | undefined, source: string, warnings: string[]): number | null | undefined {
  if (value === undefined) {
    warnings.push(`${source} needs a port number from 0 to 65535 or "off"; the HTTP API is off`);
    return undefined;
  }
  const v = value.trim().toLowerCase();
  if (v === 'off' || v === 'none' || v === 'false') return null;
  if (/^\d{1,5}$/.test(v) && Number(v) <= 65535) return Number(v);
  warnings.push(`${source}: "${value}" is not a port number from 0 to 65535 or "off"; the HTTP API is off`);
  return null;
}

export function parseShellArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
  cwd = process.cwd(),
): ShellArgs {
  const warnings: string[] = [];
  const ignored: string[] = [];
  let ledger: string | null = null;
  let port: number | null | undefined;

  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      // Everything after `--` is a path, even if it starts with a dash.
      for (const rest of args.slice(i + 1)) ledger = takeLedger(ledger, rest, cwd, warnings);
      break;
    }
    if (arg === '--no-api') port = null;
    else if (arg === '--port') {
      const next = args[i + 1];
      const parsed = parsePort(next !== undefined && !next.startsWith('-') ? next : undefined, '--port', warnings);
      if (parsed !== undefined) {
        port = parsed;
        i++;
      } else port = null;
    } else if (arg.startsWith('--port=')) port = parsePort(arg.slice('--port='.length), '--port', warnings) ?? null;
    else if (arg.startsWith('-')) ignored.push(arg);
    else ledger = takeLedger(ledger, arg, cwd, warnings);
  }

  if (port === undefined) {
    const fromEnv = env[PORT_ENV];
    port = fromEnv === undefined || fromEnv === '' ? DEFAULT_PORT : (parsePort(fromEnv, PORT_ENV, warnings) ?? null);
  }
  return { ledger, port, warnings, ignored };
}

function takeLedger(current: string | null, arg: string, cwd: string, warnings: string[]): string | null {
  if (current !== null) {
    warnings.push(`only one ledger can be opened: ignoring ${arg}`);
    return current;
  }
  return path.resolve(cwd, arg);
}
