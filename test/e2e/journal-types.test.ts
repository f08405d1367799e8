/**
 * Issue 17 §2 on the bundled example: entry-type toggles and file:line. The entries shown equal
 * GET /api/journals with the same `types`, and each shows its record's file:line.
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';

describeE2E('journal entry-type toggles (issue 17 §2)', (e2e) => {
  const shown = (page: any) =>
    page.locator('[data-entry]').evaluateAll((els: Element[]) =>
      els.map((e) => `${(e.querySelector('.date')?.textContent ?? '').trim().slice(0, 10)} ${(e.querySelector('[data-src]')?.textContent ?? '').trim()}`),
    );
  const expected = async (types: string) => {
    const api = (await e2e.server.getJson(`/api/journals?page=1&size=100&types=${types}`)).body.data;
    return api.records.map((r: any) => `${r.date} ${r.file}:${r.line}`);
  };

  it('notes and events listed by URL; turning Event off leaves the notes; entries equal the endpoint', async () => {
    const page = await e2e.open('/journal?types=note,event');
    await page.locator('[data-entry]').first().waitFor();
    const both = await expected('note,event');
    expect(both.length).toBeGreaterThan(3);
    await expect.poll(() => shown(page)).toEqual(both);
    expect(await page.locator('[data-entry] .badge.kind').first().textContent()).toMatch(/note|event/);
    await page.getByLabel('Event').uncheck();
    await page.waitForURL(/types=note(&|$)/);
    const notes = await expected('note');
    expect(notes.length).toBeGreaterThan(0);
    await expect.poll(() => shown(page)).toEqual(notes);
    expect(await page.locator('[data-entry] .badge.kind').allTextContents()).toEqual(notes.map(() => 'note'));
  });

  it('the default journal shows file:line per entry; turning Balance off drops the balance checks', async () => {
    const page = await e2e.open('/journal');
    await page.locator('[data-entry]').first().waitFor();
    const def = (await e2e.server.getJson('/api/journals?page=1&size=100')).body.data.records.map((r: any) => `${r.date} ${r.file}:${r.line}`);
    await expect.poll(() => shown(page)).toEqual(def);
    await page.getByLabel('Balance', { exact: true }).uncheck();
    await page.waitForURL(/types=cleared%2Cpending%2Cother-flags%2Cpad|types=cleared,pending,other-flags,pad/);
    await expect.poll(() => shown(page)).toEqual(await expected('cleared,pending,other-flags,pad'));
    expect(await page.locator('[data-entry].BalanceCheck').count()).toBe(0);
  });
});
