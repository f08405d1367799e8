/**
 * Electron main process entry (bundled to dist/main/electron/app.js by `npm run build:electron`).
 *
 * Only Electron calls live here, each one line of wiring; the decisions are in plain modules
 * tested in Node: args.ts (command line), paths.ts, session.ts (open ledger, API listener,
 * recent files), ipc.ts (the bridge), downloads.ts, open-in-editor.ts + editor-command.ts, window.ts (options, navigation, title),
 * protocol.ts + csp.ts (the app:// pages), menu.ts.
 */
import path from 'node:path';
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, session as electronSession, shell, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import type { BridgeActionResult } from '../../preload/bridge-types';
import { CHANNELS } from '../../preload/channels';
import { parseAuthSetting, type AuthConfig } from '../server/auth';
import { listen } from '../server/listen';
import { describeLoad, openLedgerService } from '../start';
import { parseShellArgs, userArgs } from './args';
import { openDocument, saveDocument } from './downloads';
import { REFUSED_SENDER, handleBridgeRequest, isTrustedSender } from './ipc';
import { menuTemplate } from './menu';
import { launchDetached, openInEditor } from './open-in-editor';
import { appPaths, startupLedger } from './paths';
import { APP_SCHEME_PRIVILEGES, APP_START_URL, createPageServer, serveAppRequest } from './protocol';
import { RECENT_FILES_NAME, RecentFiles } from './recent-files';
import { LEDGER_EXTENSIONS, LedgerSession } from './session';
import { navigationDecision, windowOptions } from './window';

const refused: BridgeActionResult = { status: 'error', message: 'not available to this page' };
const isDev = !app.isPackaged;

// Must happen before `ready`: makes app:// a standard, secure origin.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

// A second launch (e.g. opening a ledger from the file manager) hands its path to this instance.
if (!app.requestSingleInstanceLock()) app.quit();
else void main();

async function main(): Promise<void> {
  const args = parseShellArgs(userArgs(process.argv, process.defaultApp === true), process.env);
  const paths = appPaths(app.getAppPath());
  let auth: AuthConfig | null = null;
  let port = args.port;
  try {
    auth = parseAuthSetting(process.env.SVC_AUTH);
  } catch (e) {
    // Never serve the ledger unprotected when protection was asked for: the API stays off.
    args.warnings.push(`${(e as Error).message}; the HTTP API is off`);
    port = null;
  }
  // macOS delivers "open with" files as events, possibly before `ready`.
  const pendingOpens: string[] = [];
  app.on('open-file', (event, file) => {
    event.preventDefault();
    if (session) void openAndReport(file);
    else pendingOpens.push(file);
  });

  await app.whenReady();
  const recent = new RecentFiles(path.join(app.getPath('userData'), RECENT_FILES_NAME));
  let win: BrowserWindow | null = null;

  const session = new LedgerSession({
    open: (ledger) => openLedgerService({ ledger, app: { auth, rendererDir: paths.rendererDir } }),
    listen: (router, p) => listen(router, { port: p }),
    port,
    recent,
    onEvent: (event) => {
      if (event.event !== 'status') console.log(`[ledger] ${describeLoad({ kind: event.event, status: event.data })}`);
      win?.webContents.send(CHANNELS.reload, event);
    },
    onTitle: (title) => win?.setTitle(title),
    onChange: () => setMenu(),
    log: (message) => console.log(`[shell] ${message}`),
  });

  async function openAndReport(file: string): Promise<BridgeActionResult> {
    const result = await session.open(file);
    if (result.status === 'error') dialog.showErrorBox('Cannot open the ledger', result.message);
    return result;
  }

  async function openDialog(): Promise<BridgeActionResult> {
    const options = { properties: ['openFile' as const], filters: [{ name: 'Ledgers', extensions: [...LEDGER_EXTENSIONS] }] };
    const chosen = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return chosen.canceled || !chosen.filePaths[0] ? { status: 'cancelled' } : openAndReport(chosen.filePaths[0]);
  }

  function setMenu(): void {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          platform: process.platform,
          recent: recent.list(),
          apiUrl: session.apiUrl,
          apiError: session.apiError,
          isDev,
          actions: {
            openDialog: () => void openDialog(),
            openRecent: (file) => void openAndReport(file),
            clearRecent: () => {
              recent.clear();
              setMenu();
            },
            reloadLedger: () => void session.service?.host.reload(),
            openApi: () => session.apiUrl && void shell.openExternal(`${session.apiUrl}/`),
          },
        }),
      ),
    );
  }

  // Security: every web contents (the window and anything it might try to create).
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (navigationDecision(url) === 'external') void shell.openExternal(url);
      return { action: 'deny' };
    });
    const guard = (event: { preventDefault(): void }, url: string) => {
      const decision = navigationDecision(url);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision === 'external') void shell.openExternal(url);
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  electronSession.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  electronSession.defaultSession.setPermissionCheckHandler(() => false);

  const pages = createPageServer(paths.rendererDir);
  protocol.handle(APP_SCHEME_PRIVILEGES.scheme, (request) => serveAppRequest(pages, request));

  const trusted = (event: IpcMainInvokeEvent | IpcMainEvent) => isTrustedSender(event.senderFrame?.url);
  ipcMain.handle(CHANNELS.request, (event, payload: unknown) => (trusted(event) ? handleBridgeRequest(session.app, payload) : REFUSED_SENDER));
  ipcMain.handle(CHANNELS.openFile, (event) => (trusted(event) ? openDialog() : refused));
  ipcMain.handle(CHANNELS.saveDocument, (event, requested: unknown) =>
    trusted(event)
      ? saveDocument(session.service?.host.current ?? null, requested, {
          chooseDestination: async (name) => {
            const options = { defaultPath: path.join(app.getPath('downloads'), name) };
            const chosen = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
            return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
          },
        })
      : refused,
  );
  ipcMain.handle(CHANNELS.openDocument, (event, requested: unknown) =>
    trusted(event) ? openDocument(session.service?.host.current ?? null, requested, { openPath: (file) => shell.openPath(file) }) : refused,
  );
  ipcMain.handle(CHANNELS.openInEditor, (event, file: unknown, line: unknown) =>
    trusted(event)
      ? openInEditor(session.service?.host.current ?? null, file, line, {
          env: process.env,
          platform: process.platform,
          launch: launchDetached,
          openPath: (target) => shell.openPath(target),
        })
      : refused,
  );
  ipcMain.on(CHANNELS.openDropped, (event, file: unknown) => {
    if (trusted(event) && typeof file === 'string') void openAndReport(file);
  });

  app.on('second-instance', (_event, argv, workingDirectory) => {
    const again = parseShellArgs(userArgs(argv, process.defaultApp === true), {}, workingDirectory);
    if (again.ledger) void openAndReport(again.ledger);
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  const first = await session.open(startupLedger(args.ledger ?? pendingOpens.shift() ?? null, recent, paths.demoLedger));
  if (first.status === 'error') {
    args.warnings.push(first.message);
    await session.open(paths.demoLedger);
  }
  for (const file of pendingOpens) await openAndReport(file);
  setMenu();

  const createWindow = () => {
    win = new BrowserWindow(windowOptions({ preload: paths.preload, title: session.title }));
    win.on('page-title-updated', (event) => event.preventDefault()); // the ledger names the window, not the page
    win.once('ready-to-show', () => win?.show());
    win.on('closed', () => {
      win = null;
    });
    void win.loadURL(APP_START_URL);
  };
  createWindow();
  for (const warning of args.warnings) dialog.showErrorBox('Ledger Query', warning);
  if (args.ignored.length) console.log(`[shell] ignored switches: ${args.ignored.join(' ')}`);

  app.on('activate', () => {
    if (!win) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void session.close().finally(() => app.quit());
  });
}
