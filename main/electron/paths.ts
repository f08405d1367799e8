/**
 * Where the desktop app finds its files. Computed from Electron's app path, never from
 * import.meta.url: the main process runs as one bundle (dist/main/electron/app.js), so source-tree
 * relative paths would point into dist/.
 */
import path from 'node:path';
import type { RecentFiles } from './recent-files';

export interface AppPaths {
  /** The bundled preload script (CommonJS: sandboxed preloads cannot be ES modules). */
  preload: string;
  /** The built renderer (vite build). */
  rendererDir: string;
  /** The bundled example ledger, opened when no other ledger is known. */
  demoLedger: string;
}

/**
 * `appPath` is app.getAppPath(): the repository in development, `.../resources/app.asar` when
 * packaged. The example ledger is unpacked from the archive (electron-builder.yml asarUnpack),
 * because the file watcher cannot watch inside an archive.
 */
export function appPaths(appPath: string): AppPaths {
  const unpacked = path.basename(appPath) === 'app.asar' ? path.join(path.dirname(appPath), 'app.asar.unpacked') : appPath;
  return {
    preload: path.join(appPath, 'dist', 'preload', 'preload.cjs'),
    rendererDir: path.join(appPath, 'dist', 'renderer'),
    demoLedger: path.join(unpacked, 'main', 'demo', 'example.beancount'),
  };
}

/** The ledger to open at start: the command line's, else the last one used, else the example. */
export function startupLedger(fromArgs: string | null, recent: Pick<RecentFiles, 'lastExisting'>, demoLedger: string): string {
  return fromArgs ?? recent.lastExisting() ?? demoLedger;
}
