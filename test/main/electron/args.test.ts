import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORT_ENV, parseShellArgs, userArgs } from '../../../main/electron/args';

describe('userArgs', () => {
  it('skips the executable and, in development, the app path', () => {
    expect(userArgs(['/x/electron', '.', 'a.bean', '--port', '9'], true)).toEqual(['a.bean', '--port', '9']);
    expect(userArgs(['/opt/Ledger Query/ledger-query', 'a.bean'], false)).toEqual(['a.bean']);
  });
});

describe('parseShellArgs', () => {
  const cwd = '/home/u/books';

  it('defaults: no ledger, API on port 8000', () => {
    expect(parseShellArgs([], {}, cwd)).toEqual({ ledger: null, port: 8000, warnings: [], ignored: [] });
  });

  it('resolves the ledger against the working directory; absolute paths stay', () => {
    expect(parseShellArgs(['main.bean'], {}, cwd).ledger).toBe(path.resolve(cwd, 'main.bean'));
    expect(parseShellArgs(['/data/x.zhang'], {}, cwd).ledger).toBe(path.resolve('/data/x.zhang'));
  });

  it('reads --port N, --port=N and --no-api; 0 means any free port', () => {
    expect(parseShellArgs(['--port', '8123'], {}, cwd).port).toBe(8123);
    expect(parseShellArgs(['--port=5000', 'a.bean'], {}, cwd)).toMatchObject({ port: 5000, ledger: path.resolve(cwd, 'a.bean') });
    expect(parseShellArgs(['--port', '0'], {}, cwd).port).toBe(0);
    expect(parseShellArgs(['--no-api'], {}, cwd).port).toBeNull();
    expect(parseShellArgs(['--port=off'], {}, cwd).port).toBeNull();
  });

  it('takes the port from LEDGER_API_PORT when the command line has none; the command line wins', () => {
    expect(parseShellArgs([], { [PORT_ENV]: '7000' }, cwd).port).toBe(7000);
    expect(parseShellArgs([], { [PORT_ENV]: 'off' }, cwd).port).toBeNull();
    expect(parseShellArgs(['--port', '7001'], { [PORT_ENV]: '7000' }, cwd).port).toBe(7001);
    expect(parseShellArgs(['--no-api'], { [PORT_ENV]: '7000' }, cwd).port).toBeNull();
    expect(parseShellArgs([], { [PORT_ENV]: '' }, cwd).port).toBe(8000);
  });

  it('turns a bad port into a warning and the API off, never a failure', () => {
    const r = parseShellArgs(['--port', '70000', 'a.bean'], {}, cwd);
    expect(r.port).toBeNull();
    expect(r.ledger).toBe(path.resolve(cwd, 'a.bean'));
    expect(r.warnings).toEqual(['--port: "70000" is not a port number from 0 to 65535 or "off"; the HTTP API is off']);
    const missing = parseShellArgs(['--port'], {}, cwd);
    expect(missing.port).toBeNull();
    expect(missing.warnings).toEqual(['--port needs a port number from 0 to 65535 or "off"; the HTTP API is off']);
    // `--port --no-sandbox`: the next word is a switch, not a value; it is kept as a switch.
    const followed = parseShellArgs(['--port', '--no-sandbox'], {}, cwd);
    expect(followed.port).toBeNull();
    expect(followed.ignored).toEqual(['--no-sandbox']);
    expect(parseShellArgs([], { [PORT_ENV]: '12ab' }, cwd).warnings).toEqual([
      'LEDGER_API_PORT: "12ab" is not a port number from 0 to 65535 or "off"; the HTTP API is off',
    ]);
  });

  it('skips Chromium/Electron switches and the macOS process serial number', () => {
    const r = parseShellArgs(['--no-sandbox', '--inspect=9229', '-psn_0_12345', 'b.beancount', '--enable-logging'], {}, cwd);
    expect(r.ledger).toBe(path.resolve(cwd, 'b.beancount'));
    expect(r.ignored).toEqual(['--no-sandbox', '--inspect=9229', '-psn_0_12345', '--enable-logging']);
    expect(r.warnings).toEqual([]);
  });

  it('takes one ledger and reports the others; `--` ends the switches', () => {
    const r = parseShellArgs(['a.bean', 'b.bean'], {}, cwd);
    expect(r.ledger).toBe(path.resolve(cwd, 'a.bean'));
    expect(r.warnings).toEqual(['only one ledger can be opened: ignoring b.bean']);
    expect(parseShellArgs(['--', '-odd name.bean'], {}, cwd).ledger).toBe(path.resolve(cwd, '-odd name.bean'));
  });
});
