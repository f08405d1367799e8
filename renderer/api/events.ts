/**
 * Reload notifications: the bridge's `onReload` in the desktop app, the `GET /api/events`
 * server-sent events over HTTP. Both deliver a ServerEvent (status, loading, reload, problem);
 * the listener gets the status it carries, checked like any other answer. Listeners that only
 * care about new snapshots must filter on `reload`: `loading` comes before every reload.
 */
import type { ServerEventName } from '../../engine/api-types';
import type { LedgerStatus } from '../../engine/api-types';
import { EVENTS_PATH } from '../../engine/api-types';
import { ledgerStatus } from './validate';

export type StatusListener = (event: ServerEventName, status: LedgerStatus) => void;

/** Subscribes; returns the unsubscribe function. Silently does nothing where neither exists. */
export function subscribeToReloads(listener: StatusListener): () => void {
  const bridge = typeof window !== 'undefined' ? window.ledgerApi : undefined;
  if (bridge !== undefined) {
    return bridge.onReload((e) => {
      try {
        listener(e.event, ledgerStatus({ data: e.data }));
      } catch {
        // A malformed event is ignored; the next one or a status request corrects the view.
      }
    });
  }
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(EVENTS_PATH);
  const names: ServerEventName[] = ['status', 'loading', 'reload', 'problem'];
  const handlers = names.map((name) => {
    const h = (ev: MessageEvent) => {
      try {
        listener(name, ledgerStatus({ data: JSON.parse(String(ev.data)) }));
      } catch {
        /* ignored, as above */
      }
    };
    source.addEventListener(name, h as EventListener);
    return h;
  });
  return () => {
    names.forEach((name, i) => source.removeEventListener(name, handlers[i] as EventListener));
    source.close();
  };
}
