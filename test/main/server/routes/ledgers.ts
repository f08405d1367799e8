/** Helpers for the page route tests: a real server over a real ledger text, and JSON GETs. */
import { copyFileSync } from 'node:fs';
import { loadLedger } from '../../../../engine/ledger/index';
import { start, type Running } from '../harness';
import type { RouteModule } from '../../../../main/server/app';

/** Serves `text` as a Beancount ledger, or with format 'zhang' as the service's own format. */
export async function serveLedger(text: string, routes: RouteModule[], format: 'beancount' | 'zhang' = 'beancount'): Promise<Running> {
  const load = (file: string) => {
    if (format === 'beancount') return loadLedger(file);
    // The harness writes main.bean; the format follows the file extension.
    const zhang = file.replace(/\.bean$/, '.zhang');
    copyFileSync(file, zhang);
    return loadLedger(zhang);
  };
  return start({ ledgerText: text, load, routes });
}

export async function getJson(run: Running, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(run.url + path);
  const body = await res.json();
  return { status: res.status, body };
}
