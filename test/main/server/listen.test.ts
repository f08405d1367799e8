import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { LedgerHost } from '../../../main/host';
import { createApp } from '../../../main/server/app';
import { listen } from '../../../main/server/listen';
import { fakeLoad, tempDir } from '../fake-ledger';

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('listen', () => {
  it('binds 127.0.0.1 only, on an ephemeral port when asked for 0', async () => {
    const tmp = tempDir();
    const host = new LedgerHost(tmp.write('main.bean', 'txn a\n'), fakeLoad);
    await host.reload();
    const server = await listen(createApp(host), { port: 0 });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(await canConnect('127.0.0.1', server.port)).toBe(true);
      // Not on the IPv6 loopback or other interfaces: only the one address is bound.
      expect(await canConnect('::1', server.port)).toBe(false);
      const res = await fetch(server.url + '/api/status');
      expect(res.status).toBe(200);
    } finally {
      await server.close();
      tmp.cleanup();
    }
    expect(await canConnect('127.0.0.1', server.port)).toBe(false);
  });

  it('reports a taken port clearly', async () => {
    const tmp = tempDir();
    const host = new LedgerHost(tmp.write('main.bean', ''), fakeLoad);
    const first = await listen(createApp(host), { port: 0 });
    try {
      await expect(listen(createApp(host), { port: first.port })).rejects.toThrow(
        `port ${first.port} on 127.0.0.1 is already in use: choose another with --port N`,
      );
    } finally {
      await first.close();
      tmp.cleanup();
    }
  });

  it('rejects invalid ports', async () => {
    const host = new LedgerHost('/nowhere.bean', fakeLoad);
    await expect(listen(createApp(host), { port: 70000 })).rejects.toThrow('invalid port: 70000');
  });
});
