/** GET /api/plugins over real HTTP: the registry's plugins, for the errors page's unsupported-plugin help. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { pluginRoutes } from '../../../../main/server/routes/plugins';
import { errorRoutes } from '../../../../main/server/routes/errors';
import { PLUGINS } from '../../../../engine/ledger/plugins/registry';
import { getJson, serveLedger } from './ledgers';

// bean-check 2.3.5 on this text: one error, importing "my.own.plugin"; auto_accounts opens the accounts.
const LEDGER = `plugin "my.own.plugin"
plugin "auto_accounts"

2024-01-02 * "Pay"
  Assets:Bank  10.00 USD
  Income:Pay
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [pluginRoutes, errorRoutes]);
});
afterAll(() => run.stop());

describe('GET /api/plugins', () => {
  it('lists every plugin of the registry once, with its short name, config and description', async () => {
    const { status, body } = await getJson(run, '/api/plugins');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(PLUGINS.length);
    expect(body.data.map((p: any) => p.module)).toEqual(PLUGINS.map((p) => p.module));
    const auto = body.data.find((p: any) => p.module === 'beancount.plugins.auto_accounts');
    expect(auto.aliases).toEqual(['auto_accounts']);
    expect(auto.config).toBe('none');
    expect(auto.description).toMatch(/opens every account/);
    const pad = body.data.find((p: any) => p.module === 'beancount.ops.pad');
    expect(pad.aliases).toEqual([]);
  });

  it('the ledger error it answers: one UnsupportedPlugin on line 1, and auto_accounts ran (no missing-account errors)', async () => {
    const { body } = await getJson(run, '/api/errors');
    expect(body.data.records.map((e: any) => `${e.error_type} ${e.line_start}`)).toEqual(['UnsupportedPlugin 1']);
  });
});
