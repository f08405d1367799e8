/**
 * The preload script of the app window (sandboxed, context-isolated): exposes exactly the
 * LedgerBridge on `window.ledgerApi` and nothing else. No ipcRenderer, no Node: every call is a
 * fixed channel with its arguments; the main process validates them (main/electron/ipc.ts).
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { BridgeReloadEvent, LedgerBridge } from './bridge-types';
import { CHANNELS } from './channels';

const bridge: LedgerBridge = {
  request: (request) => ipcRenderer.invoke(CHANNELS.request, request),
  onReload(listener) {
    // A wrapper per subscription: the page never sees the IpcRendererEvent (it holds `sender`).
    const wrapped = (_event: IpcRendererEvent, payload: BridgeReloadEvent) => listener(payload);
    ipcRenderer.on(CHANNELS.reload, wrapped);
    return () => {
      ipcRenderer.removeListener(CHANNELS.reload, wrapped);
    };
  },
  openFile: () => ipcRenderer.invoke(CHANNELS.openFile),
  saveDocument: (path) => ipcRenderer.invoke(CHANNELS.saveDocument, path),
  openDocument: (path) => ipcRenderer.invoke(CHANNELS.openDocument, path),
  openInEditor: (file, line) => ipcRenderer.invoke(CHANNELS.openInEditor, file, line),
};

contextBridge.exposeInMainWorld('ledgerApi', bridge);

// Drag and drop of a ledger file onto the window. A sandboxed page cannot learn a dropped file's
// path, and should not; the preload's isolated world can (webUtils) and sends only that path.
// Drags that carry no files (text inside the query editor) are left to the page.
const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
window.addEventListener('dragover', (e) => {
  if (carriesFiles(e)) e.preventDefault();
});
window.addEventListener('drop', (e) => {
  if (!carriesFiles(e)) return;
  e.preventDefault();
  const file = e.dataTransfer?.files[0];
  // Files the page made up (new File(...)) have no path: nothing is sent for them.
  const path = file ? webUtils.getPathForFile(file) : '';
  if (path) ipcRenderer.send(CHANNELS.openDropped, path);
});
