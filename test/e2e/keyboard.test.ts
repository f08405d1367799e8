/**
 * Issue 17 §3 keyboard on the bundled example: `?` lists the shortcuts, `g` then a letter opens
 * a page (keeping the page filter), `/` and `f` focus the filter, `j`/`k` walk the journal's
 * entries, and none of it fires while typing in a field.
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';

describeE2E('keyboard shortcuts (issue 17 §3)', (e2e) => {
  it('? lists the shortcuts; Escape closes the list', async () => {
    const page = await e2e.open('/dashboard');
    await page.locator('h1').waitFor();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const w of ['Go to Dashboard', 'Go to Journal', 'Go to Balance sheet', 'Go to Income statement', 'Go to Holdings', 'Go to Query', 'Focus the filter', 'Next journal entry']) {
      expect(text).toContain(w);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('g then d/j/b/i/h/q opens each page and keeps the page filter', async () => {
    const page = await e2e.open('/dashboard?time=2025');
    await page.locator('h1').waitFor();
    const pages: Array<[string, string, string]> = [
      ['j', '/journal', 'Journal'],
      ['b', '/balance-sheet', 'Balance sheet'],
      ['i', '/income-statement', 'Income statement'],
      ['h', '/holdings', 'Holdings'],
      ['q', '/explore', 'Query'],
      ['d', '/dashboard', 'Dashboard'],
    ];
    for (const [key, path, title] of pages) {
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      expect(new URL(page.url()).searchParams.get('time')).toBe('2025');
      await expect.poll(() => page.title()).toBe(`${title} · Ledger Query`);
    }
  });

  it('/ and f focus the entry filter; typing there is text, not shortcuts', async () => {
    const page = await e2e.open('/dashboard');
    await page.locator('h1').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('filter-filter');
    await page.keyboard.type('gj?');
    expect(await page.locator('#filter-filter').inputValue()).toBe('gj?');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('#filter-filter').fill('');
    await page.locator('h1').click();
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('filter-filter');
  });

  it('j and k move through the journal entries in order', async () => {
    const page = await e2e.open('/journal');
    const entries = page.locator('[data-entry]');
    await entries.first().waitFor();
    const focusedIndex = () => page.evaluate(() => [...document.querySelectorAll('[data-entry]')].indexOf(document.activeElement as Element));
    await page.keyboard.press('j');
    await expect.poll(focusedIndex).toBe(0);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(focusedIndex).toBe(2);
    await page.keyboard.press('k');
    await expect.poll(focusedIndex).toBe(1);
    // The focused entry is the second entry of the page as the journal endpoint lists it.
    const api = (await e2e.server.getJson('/api/journals?page=1')).body.data;
    const date = await page.evaluate(() => (document.activeElement as HTMLElement).querySelector('.date')?.textContent?.trim().slice(0, 10));
    expect(date).toBe(api.records[1].date);
  });
});
