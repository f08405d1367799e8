import { describe, expect, it } from 'vitest';
import { isAppUrl, navigationDecision, windowOptions, windowTitle } from '../../../main/electron/window';

describe('windowOptions', () => {
  const options = windowOptions({ preload: '/app/dist/preload/preload.cjs', title: 'Home — Ledger Query' });

  it('isolates the page: context isolation, sandbox, no Node anywhere, web security on', () => {
    const web = options.webPreferences!;
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
    expect(web.webviewTag).toBe(false);
    expect(web.experimentalFeatures).toBe(false);
    // A dropped file must not replace the app page; the preload handles drops.
    expect(web.navigateOnDragDrop).toBe(false);
  });

  it('uses the given preload and title and opens hidden until painted', () => {
    expect(options.webPreferences!.preload).toBe('/app/dist/preload/preload.cjs');
    expect(options.title).toBe('Home — Ledger Query');
    expect(options.show).toBe(false);
    expect(windowOptions({ preload: '/p', title: 't', width: 900, height: 700 })).toMatchObject({ width: 900, height: 700 });
  });
});

describe('navigation', () => {
  it('allows only the app origin in the window', () => {
    expect(isAppUrl('app://ledger/')).toBe(true);
    expect(isAppUrl('app://ledger/query?q=1#x')).toBe(true);
    expect(isAppUrl('app://other/')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:8000/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(navigationDecision('app://ledger/accounts/Assets:Cash')).toBe('allow');
  });

  it('sends web and mail links to the system browser and refuses everything else', () => {
    expect(navigationDecision('https://beancount.github.io/docs/')).toBe('external');
    expect(navigationDecision('http://example.com')).toBe('external');
    expect(navigationDecision('mailto:me@example.com')).toBe('external');
    expect(navigationDecision('file:///etc/passwd')).toBe('deny');
    expect(navigationDecision('javascript:alert(1)')).toBe('deny');
    expect(navigationDecision('smb://server/share')).toBe('deny');
    expect(navigationDecision('ms-msdt:/id')).toBe('deny');
    expect(navigationDecision('app://evil/')).toBe('deny');
    expect(navigationDecision('')).toBe('deny');
  });
});

describe('windowTitle', () => {
  it("shows the ledger's title option, else the file name", () => {
    expect(windowTitle('Family books', '/x/main.bean')).toBe('Family books — Ledger Query');
    expect(windowTitle(null, '/x/main.bean')).toBe('main.bean — Ledger Query');
    expect(windowTitle('   ', '/x/2024.zhang')).toBe('2024.zhang — Ledger Query');
    expect(windowTitle(undefined, null)).toBe('Ledger Query');
  });
});
