/**
 * The preload bundle, built the way `npm run build:electron` builds it, run in a VM with a fake
 * `electron` module and a fake window: it must expose exactly the LedgerBridge and route every call
 * to its fixed channel.
 */
import vm from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { BridgeResponse, LedgerBridge } from '../../../preload/bridge-types';
import { CHANNELS } from '../../../preload/channels';
import type { ForwardResponse } from '../../../main/server/forward';

let code: string;
beforeAll(async () => {
  const out = await build({
    entryPoints: ['preload/preload.ts'],
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  code = out.outputFiles[0].text;
});

type Listener = (...args: unknown[]) => void;

function run() {
  const exposed: Record<string, unknown> = {};
  const invoked: unknown[][] = [];
  const sent: unknown[][] = [];
  const ipcListeners = new Map<string, Set<Listener>>();
  const windowListeners = new Map<string, Listener>();
  const paths = new Map<object, string>();
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        exposed[key] = api;
      },
    },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => (invoked.push(args), { from: args[0] }),
      send: (...args: unknown[]) => sent.push(args),
      on: (channel: string, l: Listener) => ipcListeners.set(channel, (ipcListeners.get(channel) ?? new Set()).add(l)),
      removeListener: (channel: string, l: Listener) => ipcListeners.get(channel)?.delete(l),
    },
    webUtils: { getPathForFile: (f: object) => paths.get(f) ?? '' },
  };
  const window = { addEventListener: (type: string, l: Listener) => windowListeners.set(type, l) };
  const module = { exports: {} };
  vm.runInNewContext(code, {
    require: (name: string) => {
      if (name !== 'electron') throw new Error(`the preload may only require electron, not ${name}`);
      return electron;
    },
    module,
    exports: module.exports,
    window,
  });
  return { exposed, invoked, sent, ipcListeners, windowListeners, paths };
}

describe('preload', () => {
  it('exposes exactly window.ledgerApi with the six bridge functions', () => {
    const { exposed } = run();
    expect(Object.keys(exposed)).toEqual(['ledgerApi']);
    expect(Object.keys(exposed.ledgerApi as object).sort()).toEqual(['onReload', 'openDocument', 'openFile', 'openInEditor', 'request', 'saveDocument']);
  });

  it('sends each call on its channel with its arguments', async () => {
    const { exposed, invoked } = run();
    const api = exposed.ledgerApi as LedgerBridge;
    await api.request({ method: 'POST', path: '/api/query', body: { query: 'SELECT 1' } });
    await api.openFile();
    await api.saveDocument('docs/a.pdf');
    await api.openDocument('docs/a.pdf');
    await api.openInEditor('sub/accounts.bean', 12);
    expect(invoked).toEqual([
      [CHANNELS.request, { method: 'POST', path: '/api/query', body: { query: 'SELECT 1' } }],
      [CHANNELS.openFile],
      [CHANNELS.saveDocument, 'docs/a.pdf'],
      [CHANNELS.openDocument, 'docs/a.pdf'],
      [CHANNELS.openInEditor, 'sub/accounts.bean', 12],
    ]);
  });

  it('delivers reload events without the IPC event object, and unsubscribes', () => {
    const { exposed, ipcListeners } = run();
    const api = exposed.ledgerApi as LedgerBridge;
    const got: unknown[] = [];
    const off = api.onReload((e) => got.push(e));
    const payload = { event: 'reload', data: { generation: 2 } };
    for (const l of ipcListeners.get(CHANNELS.reload)!) l({ sender: 'secret' }, payload);
    expect(got).toEqual([payload]);
    off();
    expect(ipcListeners.get(CHANNELS.reload)!.size).toBe(0);
  });

  it('sends the path of a dropped file, and nothing for drags without real files', () => {
    const { windowListeners, sent, paths } = run();
    const real = {};
    paths.set(real, '/home/u/books/main.bean');
    const made = {};
    let prevented = 0;
    const drop = (types: string[], files: object[]) => ({ dataTransfer: { types, files }, preventDefault: () => prevented++ });
    windowListeners.get('dragover')!(drop(['text/plain'], []));
    expect(prevented).toBe(0); // text drags stay the page's (the query editor)
    windowListeners.get('dragover')!(drop(['Files'], [real]));
    windowListeners.get('drop')!(drop(['Files'], [real]));
    windowListeners.get('drop')!(drop(['Files'], [made]));
    windowListeners.get('drop')!(drop(['text/plain'], []));
    expect(sent).toEqual([[CHANNELS.openDropped, '/home/u/books/main.bean']]);
    expect(prevented).toBe(3);
  });

  it('shares one response type with the forwarding core', () => {
    expectTypeOf<ForwardResponse>().toEqualTypeOf<BridgeResponse>();
  });
});

describe('main bundle', () => {
  it('bundles app.ts with only packages left external', async () => {
    const out = await build({
      entryPoints: ['main/electron/app.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const imports = new Set(Object.values(out.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    expect(imports.has('electron')).toBe(true);
    // Every external import is a package or a Node built-in, never a source file left behind.
    for (const name of imports) expect(name.startsWith('.') || name.startsWith('/')).toBe(false);
  });
});
