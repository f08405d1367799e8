import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths, startupLedger } from '../../../main/electron/paths';

describe('appPaths', () => {
  it('finds the bundles and the example ledger in the repository during development', () => {
    expect(appPaths('/repo')).toEqual({
      preload: path.join('/repo', 'dist', 'preload', 'preload.cjs'),
      rendererDir: path.join('/repo', 'dist', 'renderer'),
      demoLedger: path.join('/repo', 'main', 'demo', 'example.beancount'),
    });
  });

  it('reads the example ledger from the unpacked folder of a packaged app', () => {
    const p = appPaths('/opt/LQ/resources/app.asar');
    expect(p.preload).toBe(path.join('/opt/LQ/resources/app.asar', 'dist', 'preload', 'preload.cjs'));
    expect(p.demoLedger).toBe(path.join('/opt/LQ/resources/app.asar.unpacked', 'main', 'demo', 'example.beancount'));
  });
});

describe('startupLedger', () => {
  const recent = (last: string | null) => ({ lastExisting: () => last });
  it('prefers the command line, then the last ledger, then the example', () => {
    expect(startupLedger('/a.bean', recent('/b.bean'), '/demo.beancount')).toBe('/a.bean');
    expect(startupLedger(null, recent('/b.bean'), '/demo.beancount')).toBe('/b.bean');
    expect(startupLedger(null, recent(null), '/demo.beancount')).toBe('/demo.beancount');
  });
});
