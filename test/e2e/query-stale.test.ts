/**
 * Issue 17 §3, found trying the Query page as a user: after Ctrl+Enter the keyboard is still in
 * the editor, where `r` types a letter into the query. A stale result then offers the key that
 * works there (Ctrl+Enter), and `r` once the keyboard has left the editor. New figures checked
 * against POST /api/query on the bundled example.
 */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';

const editorText = (page: Page) =>
  page.locator('.query-editor .cm-content').evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'));
const cellText = (page: Page) =>
  page.locator('.query-page [role=table][aria-label="Query result"] [role=row]').nth(1).textContent().then((t) => (t ?? '').trim());

describeE2E('stale Query result, keyboard in the editor (issue 17 §3)', (e2e) => {
  it('offers Ctrl+Enter while typing, which runs the query again; r once the editor is left', async () => {
    const text = "SELECT count(*) AS n WHERE account = 'Expenses:Food:Restaurant'";
    const page = await e2e.open(`/explore?query=${encodeURIComponent(text)}`);
    // Where a user is after typing a query: the keyboard in the editor.
    await page.locator('.query-editor .cm-content').click();
    await page.keyboard.press('Control+Enter');
    const before = (await e2e.server.query(text)).body.data.rows[0][0];
    await expect.poll(() => cellText(page)).toBe(String(before));

    const add = (n: number) =>
      appendFileSync(e2e.server.ledger, `\n2026-01-0${n} * "Diner" "one more"\n  Expenses:Food:Restaurant  3.00 USD\n  Assets:US:BofA:Checking\n`);
    add(3);
    await page.getByTestId('stale').waitFor({ timeout: 15_000 });
    // Still in the editor: the note names Ctrl+Enter, not a letter that would be typed.
    expect(await page.getByTestId('stale-key').textContent()).toBe('(or press Ctrl+Enter)');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => cellText(page)).toBe(String(before + 1));
    expect((await e2e.server.query(text)).body.data.rows[0][0]).toBe(before + 1);
    expect(await page.getByTestId('stale').count()).toBe(0);
    expect(await editorText(page)).toBe(text);

    // A click on the page outside the editor takes the keyboard out of it: now `r` is the one key.
    add(4);
    await page.getByTestId('stale').waitFor({ timeout: 15_000 });
    await page.getByTestId('stale').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => page.getByTestId('stale-key').textContent()).toBe('(or press r)');
    await page.keyboard.press('r');
    await expect.poll(() => cellText(page)).toBe(String(before + 2));
    expect(await editorText(page)).toBe(text);
  });
});
