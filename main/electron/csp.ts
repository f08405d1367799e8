/**
 * The Content-Security-Policy of the app's own pages (served on app://ledger by protocol.ts).
 *
 * Everything the renderer needs comes from its own origin: scripts and styles are built files,
 * the API is reached over IPC (so connect-src allows no network at all), documents open in the
 * system viewer (no frames). Choices:
 * - style-src allows 'unsafe-inline': Vue style bindings, Chart.js and CodeMirror write inline
 *   styles and <style> elements at run time; styles cannot run script, scripts stay 'self' only.
 * - img-src allows data: and blob: for icons inlined by the bundler and images of documents the
 *   page builds from bytes it fetched over IPC.
 * - no 'unsafe-eval' and no inline script: the Vue build used is the runtime-only one.
 */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'none'"],
  ['frame-src', "'none'"],
  ['child-src', "'none'"],
  ['object-src', "'none'"],
  ['media-src', "'none'"],
  ['manifest-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** Headers every response of the app's own origin carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** The response with the security headers set (replacing any the router set, e.g. for documents). */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
