/**
 * Issue 7 acceptance on the Query page (/explore): run on Ctrl+Enter only, the table equals the
 * API, error position marked in the editor, CSV export, chart kinds, and the ?query= link.
 */
import { expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { describeE2E } from './support/session';
import { expectedTable, normalizeShown, paintedPixels, readResultTable } from './support/table';

const TABLE = '.query-page [role=table][aria-label="Query result"]';

/** Counts POST /api/query requests (not /csv) the page sends from now on. */
function countQueryPosts(page: Page): { readonly n: number } {
  const counter = { n: 0 };
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/query') counter.n++;
  });
  return counter;
}

async function editorText(page: Page): Promise<string> {
  return page.locator('.query-editor .cm-content').evaluate((el) =>
    [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'),
  );
}

/** Replaces the editor's text through the keyboard, the way a user would. */
async function typeQuery(page: Page, text: string): Promise<void> {
  const content = page.locator('.query-editor .cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // insertText: CodeMirror's bracket closing and completion would add characters to typed keys.
  await page.keyboard.insertText(text);
}

describeE2E('Query page', (e2e) => {
  it('runs a typed query on Ctrl+Enter only, and the table equals POST /api/query', async () => {
    const page = await e2e.open('/explore');
    const posts = countQueryPosts(page);
    const text = "SELECT account, count(*) AS n, sum(position) AS total WHERE account ~ '^Assets:US:BofA' GROUP BY account ORDER BY account";
    const content = page.locator('.query-editor .cm-content');
    await content.click();
    // Typed key by key (short prefix), then the rest inserted: proves typing alone runs nothing.
    await page.keyboard.type('SELECT 1');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
    expect(await editorText(page)).toBe(text);
    await page.waitForTimeout(300); // a debounce-driven run would have fired by now
    expect(posts.n).toBe(0);
    await expect(page.locator(TABLE).count()).resolves.toBe(0);

    await page.keyboard.press('Control+Enter');
    await page.locator(TABLE).waitFor();
    expect(posts.n).toBe(1);

    const api = await e2e.server.query(text);
    expect(api.status).toBe(200);
    // Hand-checked shape: the example ledger has the BofA checking account only, with USD.
    expect(api.body.data.columns).toEqual([
      { name: 'account', type: 'str' },
      { name: 'n', type: 'int' },
      { name: 'total', type: 'inventory' },
    ]);
    expect(api.body.data.rows.length).toBeGreaterThan(0);
    const shown = normalizeShown(await readResultTable(page.locator(TABLE)));
    expect(shown).toEqual(expectedTable(api.body.data));
    await expect(page.locator('.query-page .status').textContent()).resolves.toContain(
      `${api.body.data.rows.length} ${api.body.data.rows.length === 1 ? 'row' : 'rows'}`,
    );
    // The run put the text into the URL (back/forward step through runs).
    expect(new URL(page.url()).searchParams.get('query')).toBe(text);
  });

  it('opens /explore?query=<text> with the text in the editor and runs it', async () => {
    const text = "SELECT payee, count(*) AS n WHERE account = 'Expenses:Food:Groceries' GROUP BY payee ORDER BY n DESC, payee LIMIT 5";
    const page = await e2e.open(`/explore?query=${encodeURIComponent(text)}`);
    await page.locator(TABLE).waitFor();
    expect(await editorText(page)).toBe(text);
    const api = await e2e.server.query(text);
    expect(api.body.data.rows.length).toBe(5);
    expect(normalizeShown(await readResultTable(page.locator(TABLE)))).toEqual(expectedTable(api.body.data));
  });

  it('marks a syntax error at its line and column', async () => {
    const page = await e2e.open('/explore');
    // GROUP is reserved: the expression after `>` is missing where line 3's GROUP starts, column 3.
    const text = 'SELECT account, count(*)\nWHERE date >\n  GROUP BY account';
    await typeQuery(page, text);
    await page.keyboard.press('Control+Enter');
    const alert = page.locator('.query-page .problem[role=alert]');
    await alert.waitFor();

    const api = await e2e.server.query(text);
    expect(api.status).toBe(400);
    expect([api.body.line, api.body.column]).toEqual([3, 3]);
    await expect(alert.textContent()).resolves.toContain(api.body.message);

    const mark = page.locator('.query-editor .cm-lintRange-error').first();
    await mark.waitFor();
    const where = await mark.evaluate((el) => {
      const line = el.closest('.cm-line')!;
      const lines = [...line.parentElement!.querySelectorAll(':scope > .cm-line')];
      const before = document.createRange();
      before.setStart(line, 0);
      before.setEnd(el, 0);
      return { line: lines.indexOf(line) + 1, column: before.toString().length + 1, text: el.textContent };
    });
    expect(where.line).toBe(3);
    expect(where.column).toBe(3);
    expect(where.text).toBe('GROUP');
  });

  it('exports the editor text as query.csv with the bytes of POST /api/query/csv, without running it', async () => {
    const page = await e2e.open('/explore');
    const posts = countQueryPosts(page);
    const text = "SELECT date, narration, position WHERE account = 'Assets:US:BofA:Checking' ORDER BY date DESC LIMIT 20";
    await typeQuery(page, text);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('query.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const got = Buffer.concat(chunks);

    const res = await fetch(`${e2e.server.url}/api/query/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    });
    expect(res.status).toBe(200);
    const want = Buffer.from(await res.arrayBuffer());
    // Numberify turns the position column into `position (USD)`; 20 rows + header, CRLF ends.
    expect(want.toString('utf8').split('\r\n')[0]).toBe('date,narration,position (USD)');
    expect(want.toString('utf8').split('\r\n').length).toBe(22);
    expect(got.equals(want)).toBe(true);
    expect(posts.n).toBe(0);
  });

  const charts = [
    {
      kind: 'Line chart',
      query: "SELECT date, sum(position) AS balance WHERE account = 'Assets:US:BofA:Checking' GROUP BY date ORDER BY date",
    },
    {
      kind: 'Treemap',
      query: "SELECT account, sum(position) AS total WHERE account ~ '^Expenses' GROUP BY account",
    },
    {
      kind: 'Bar chart',
      query: "SELECT payee, sum(position) AS total WHERE account ~ '^Expenses:Food' GROUP BY payee ORDER BY payee",
    },
  ];
  for (const c of charts) {
    it(`draws a ${c.kind.toLowerCase()} for its kind of result`, async () => {
      const page = await e2e.open(`/explore?query=${encodeURIComponent(c.query)}`);
      await page.locator(TABLE).waitFor();
      const canvas = `.query-chart canvas[aria-label="${c.kind} of the result in USD"]`;
      await page.locator(canvas).waitFor();
      // Chart.js animates in: poll until a good share of the canvas is painted.
      await expect
        .poll(() => paintedPixels(page, canvas), { timeout: 10_000, interval: 100 })
        .toBeGreaterThan(2000);
    });
  }

  it('draws no chart for a result the chart rule excludes (three columns)', async () => {
    const q = "SELECT date, account, position WHERE account = 'Assets:US:BofA:Checking' LIMIT 3";
    const page = await e2e.open(`/explore?query=${encodeURIComponent(q)}`);
    await page.locator(TABLE).waitFor();
    await expect(page.locator('.query-chart').count()).resolves.toBe(0);
  });
  it('sorts the shown rows by a column from the keyboard: ascending, descending, then the server order', async () => {
    const text = "SELECT account, count(*) AS n WHERE account ~ '^Expenses:Food' GROUP BY account ORDER BY account";
    const page = await e2e.open(`/explore?query=${encodeURIComponent(text)}`);
    await page.locator(TABLE).waitFor();
    const api = await e2e.server.query(text);
    const server = expectedTable(api.body.data).rows;
    expect(server.length).toBeGreaterThan(1);
    // Expected orders worked out here: by n as a number, ties in the server's order (stable).
    const byN = server.map((r, i) => ({ r, i })).sort((a, b) => Number(a.r[1]) - Number(b.r[1]) || a.i - b.i).map((x) => x.r);
    const byNDesc = server.map((r, i) => ({ r, i })).sort((a, b) => Number(b.r[1]) - Number(a.r[1]) || b.i - a.i).map((x) => x.r);
    const header = page.locator(`${TABLE} [role=columnheader]`).nth(1);
    const button = header.getByRole('button', { name: 'n' });
    const shown = async () => normalizeShown(await readResultTable(page.locator(TABLE))).rows;

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    expect(await shown()).toEqual(byN);
    await page.keyboard.press('Space');
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
    expect(await shown()).toEqual(byNDesc);
    await page.keyboard.press('Enter');
    await expect(header.getAttribute('aria-sort')).resolves.toBeNull();
    expect(await shown()).toEqual(server);
  });
});
