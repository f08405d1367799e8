/**
 * IPC channel names, shared by the preload script and the main process. Plain constants in a
 * module of their own, so the sandboxed preload bundle contains nothing else of the main side.
 */
export const CHANNELS = {
  request: 'ledger:request',
  reload: 'ledger:reload',
  openFile: 'ledger:open-file',
  saveDocument: 'ledger:save-document',
  openDocument: 'ledger:open-document',
  openInEditor: 'ledger:open-in-editor',
  /** Sent by the preload itself (not the page) when a file is dropped on the window. */
  openDropped: 'ledger:open-dropped',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
