/**
 * Issue 17 §2 in a browser (npm run serve): an entry's file:line is a button that copies
 * `file:line` to the clipboard (no editor can be started from a web page; the desktop app's
 * editor launch is tested in test/main/electron/). Checked against GET /api/journals.
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
});
