/**
 * Runs once before the e2e files (vitest globalSetup of the e2e project): builds the renderer
 * when dist/renderer is missing or older than its sources, so `npm test` on a fresh clone (CI)
 * and after a renderer edit tests what the sources say. Chose this over a build step in .ci/run:
 * it works the same for a developer's `npm test` and costs nothing when the build is current.
 *
 * Without Chromium nothing is built: the browser tests skip themselves.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, SKIP_MESSAGE } from './chromium';
import { REPO, RENDERER_DIR } from './paths';

/** Sources of the renderer bundle: its own folder, the engine files it imports, the dependencies. */
const SOURCES = ['renderer', 'engine', 'package.json', 'package-lock.json'];

function newestMtime(p: string): number {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules') continue;
    const t = newestMtime(path.join(p, name));
    if (t > newest) newest = t;
  }
  return newest;
}

export function rendererBuildIsStale(): boolean {
  const built = newestMtime(path.join(RENDERER_DIR, 'index.html'));
  if (built === 0) return true;
  return SOURCES.some((s) => newestMtime(path.join(REPO, s)) > built);
}

export default function setup(): void {
  if (chromiumPath() === null) {
    console.warn(`\n${SKIP_MESSAGE}\n`);
    return;
  }
  if (process.env.E2E_RENDERER_DIR || !rendererBuildIsStale()) return;
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO, encoding: 'utf8', timeout: 180_000 });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`e2e: \`npm run build\` failed (exit ${r.status ?? r.signal}); the browser tests need the built renderer:\n${output}`);
  }
  console.log(`e2e: renderer built in ${Date.now() - started} ms`);
}
