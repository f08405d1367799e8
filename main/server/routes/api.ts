/**
 * The /api endpoint groups beyond the built-in ones (status, events, documents, sign-in), listed
 * once: the headless server and the desktop app serve them (main/start.ts) and every engine worker
 * runs them (main/engine/worker.ts). Register new route modules here.
 *
 * A module of its own so that a worker imports the routes without start.ts, whose pool, watcher
 * (chokidar) and forwarding only the main thread uses.
 */
import type { RouteModule } from '../app';
import { pageRoutes } from './pages';
import { queryRoutes } from './query';

export const apiRoutes: RouteModule[] = [queryRoutes, ...pageRoutes];
