/**
 * Issue 17 §2 in a browser (npm run serve): an entry's file:line is a button that copies
 * `file:line` to the clipboard (no editor can be started from a web page). In the desktop app
 * (here a stand-in window.ledgerApi that answers requests over HTTP and records openInEditor) the
 * same button asks the main process to open the file at the line; the main side (which editor,
 * which files) is tested in test/main/electron/. Checked against GET /api/journals.
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';

describeE2E('journal file:line in a browser (issue 17 §2)', (e2e) => {
  it('shows each record as file:line and a click copies it to the clipboard', async () => {
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await e2e.open('/journal');
    const first = page.locator('[data-entry] [data-src]').first();
    await first.waitFor();
    const record = (await e2e.server.getJson('/api/journals?page=1&size=100')).body.data.records[0];
    const expected = `${record.file}:${record.line}`;
    expect(record.line).toBeGreaterThan(0);
    expect((await first.textContent())?.trim()).toBe(expected);
    expect(await first.getAttribute('data-action')).toBe('copy');
    await first.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expect.poll(() => page.locator('[data-entry]').first().getByRole('status').textContent()).toBe('Copied');
    // Nothing navigated away or opened: still the journal.
    expect(new URL(page.url()).pathname).toBe('/journal');
  });

  it('is reachable by keyboard: Enter on the focused file:line copies it', async () => {
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await e2e.open('/journal');
    const second = page.locator('[data-entry] [data-src]').nth(1);
    await second.waitFor();
    const text = (await second.textContent())!.trim();
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  });

  /** A bridge like preload/preload.ts exposes, for the renderer's point of view. */
  const fakeBridge = (answer: { status: string; message?: string }) => {
    (window as any).__opened = [];
    (window as any).ledgerApi = {
      async request({ method, path, body }: { method: string; path: string; body?: unknown }) {
        const res = await fetch(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text(), encoding: 'utf8' };
      },
      onReload: () => () => {},
      openFile: async () => ({ status: 'cancelled' }),
      saveDocument: async () => ({ status: 'cancelled' }),
      openDocument: async () => ({ status: 'cancelled' }),
      async openInEditor(file: string, line: number) {
        (window as any).__opened.push([file, line]);
        return answer.status === 'done' ? { status: 'done', file } : answer;
      },
    };
  };

  it('in the desktop app a click asks the main process to open that file at that line', async () => {
    await e2e.context.addInitScript(fakeBridge, { status: 'done' });
    const page = await e2e.open('/journal');
    const third = page.locator('[data-entry] [data-src]').nth(2);
    await third.waitFor();
    const record = (await e2e.server.getJson('/api/journals?page=1&size=100')).body.data.records[2];
    expect(await third.getAttribute('data-action')).toBe('editor');
    expect(await third.getAttribute('title')).toBe(`Open ${record.file} at line ${record.line} in your editor`);
    await third.click();
    await expect.poll(() => page.evaluate(() => (window as any).__opened)).toEqual([[record.file, record.line]]);
    expect(new URL(page.url()).pathname).toBe('/journal');
  });

  it('in the desktop app a refusal is shown beside the link', async () => {
    await e2e.context.addInitScript(fakeBridge, { status: 'error', message: 'main.beancount no longer exists' });
    const page = await e2e.open('/journal');
    const first = page.locator('[data-entry]').first();
    await first.locator('[data-src]').click();
    await expect.poll(() => first.getByRole('alert').textContent()).toBe('main.beancount no longer exists');
  });
});
