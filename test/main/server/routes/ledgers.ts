/** Helpers for the page route tests: a real server over a real ledger text, and JSON GETs. */
import { loadLedger } from '../../../../engine/ledger/index';
import { start, type Running } from '../harness';
import type { RouteModule } from '../../../../main/server/app';

export async function serveLedger(text: string, routes: RouteModule[]): Promise<Running> {
  return start({ ledgerText: text, load: (file) => loadLedger(file), routes });
}

export async function getJson(run: Running, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(run.url + path);
  const body = await res.json();
  return { status: res.status, body };
}
