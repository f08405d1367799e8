/** Fixed places of the e2e run, from the repository root. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const RENDERER_SRC = path.join(REPO, 'renderer');
/**
 * The built renderer the server serves. E2E_RENDERER_DIR points at another build and turns the
 * build step off (used to test a build made elsewhere, e.g. while the working tree is mid-edit).
 */
export const RENDERER_DIR = process.env.E2E_RENDERER_DIR
  ? path.resolve(process.env.E2E_RENDERER_DIR)
  : path.join(REPO, 'dist/renderer');
export const DEMO_DIR = path.join(REPO, 'main/demo');
export const ARTIFACTS = path.join(REPO, 'test-artifacts/e2e');
