/**
 * A stand-in for the `electron` module, for running the bundled main process in Node: records
 * what app.ts registers (IPC handlers, protocol handler, windows, menus, event handlers) so the
 * smoke test can drive them like Electron would.
 */
type Fn = (...args: any[]) => any;

export interface Recorder {
  appHandlers: Map<string, Fn[]>;
  ipcHandle: Map<string, Fn>;
  ipcOn: Map<string, Fn>;
  protocols: Map<string, Fn>;
  privileged: unknown[];
  windows: FakeWindow[];
  menus: unknown[];
  opened: string[];
  errors: [string, string][];
  permissionHandlers: Fn[];
  paths: { app: string; userData: string; downloads: string };
  quit: number;
}

export const recorder: Recorder = ((globalThis as any).__electronFake ??= {
  appHandlers: new Map(),
  ipcHandle: new Map(),
  ipcOn: new Map(),
  protocols: new Map(),
  privileged: [],
  windows: [],
  menus: [],
  opened: [],
  errors: [],
  permissionHandlers: [],
  paths: { app: '/nowhere', userData: '/nowhere', downloads: '/nowhere' },
  quit: 0,
});

export const app = {
  isPackaged: false,
  requestSingleInstanceLock: () => true,
  quit: () => void recorder.quit++,
  on(event: string, fn: Fn) {
    recorder.appHandlers.set(event, [...(recorder.appHandlers.get(event) ?? []), fn]);
    return app;
  },
  whenReady: () => Promise.resolve(),
  getAppPath: () => recorder.paths.app,
  getPath: (name: string) => (name === 'userData' ? recorder.paths.userData : recorder.paths.downloads),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => recorder.privileged.push(...schemes),
  handle: (scheme: string, fn: Fn) => recorder.protocols.set(scheme, fn),
};

export const ipcMain = {
  handle: (channel: string, fn: Fn) => recorder.ipcHandle.set(channel, fn),
  on: (channel: string, fn: Fn) => recorder.ipcOn.set(channel, fn),
};

export class FakeWindow {
  title: string;
  loaded: string[] = [];
  handlers = new Map<string, Fn>();
  sent: [string, unknown][] = [];
  webContents = { send: (channel: string, payload: unknown) => this.sent.push([channel, payload]) };
  constructor(readonly options: any) {
    this.title = options.title;
    recorder.windows.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  on(event: string, fn: Fn) {
    this.handlers.set(event, fn);
  }
  once(event: string, fn: Fn) {
    this.handlers.set(event, fn);
  }
  setTitle(title: string) {
    this.title = title;
  }
  show() {}
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
}
export const BrowserWindow = FakeWindow;

export const Menu = {
  buildFromTemplate: (template: unknown) => template,
  setApplicationMenu: (menu: unknown) => recorder.menus.push(menu),
};

export const dialog = {
  showErrorBox: (title: string, message: string) => recorder.errors.push([title, message]),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true }),
};

export const shell = {
  openExternal: async (url: string) => void recorder.opened.push(url),
  openPath: async (file: string) => (recorder.opened.push(file), ''),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (fn: Fn) => recorder.permissionHandlers.push(fn),
    setPermissionCheckHandler: (fn: Fn) => recorder.permissionHandlers.push(fn),
  },
};
